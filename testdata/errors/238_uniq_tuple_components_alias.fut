-- Aliasing through a tuple pattern: after consuming one component of a destructured unique tuple, the other is unusable.
-- ==
-- error: Using variable "p", but this was consumed

def set_both (p: *([]i32, []i32)) : *([]i32, []i32) =
  let (a, b) = p
  let a[0] = 1
  let b[0] = 2
  in (a, b)
