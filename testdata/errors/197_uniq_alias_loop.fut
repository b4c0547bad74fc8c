-- Aliasing through a loop: the loop result aliases its initial value `xs`.
-- ==
-- error: Using variable "xs", but this was consumed

def settle (xs: *[]f64) : f64 =
  let ys = loop acc = xs for _i < 4 do acc
  let ys[0] = 0
  in xs[0]
