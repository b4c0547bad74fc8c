-- Aliasing through `if`: the result may be `xs`, so consuming it consumes `xs`.
-- ==
-- error: Using variable "xs", but this was consumed

def choose (flip: bool) (xs: *[]i32) (ys: *[]i32) : i32 =
  let z = if flip then xs else ys
  let z[0] = 0
  in xs[0]
