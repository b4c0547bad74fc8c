-- Aliasing through a function result: `view` returns its argument, so its result aliases `xs`.
-- ==
-- error: Using variable "xs", but this was consumed

def view (xs: []i32) : []i32 = xs

def edit (xs: *[]i32) : i32 =
  let v = view xs
  let v[0] = 42
  in xs[0]
