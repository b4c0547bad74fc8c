-- `assert` with a bool condition.

def checked_div (a: i32) (b: i32) : i32 =
  assert (b != 0) (a / b)

def checked_head (xs: []f32) : f32 =
  assert (length xs > 0) xs[0]
