-- If branches: the then-branch is i32 and the else-branch is f32.
-- ==
-- error: Branches differ in type

def safe_div (a: i32) (b: i32) =
  if b == 0
  then 0i32
  else f32.i32 a / f32.i32 b
