-- `for` loop bound of the wrong type: a bool bound.
-- ==
-- error: Cannot unify type "bool" with any of i8, i16, i32, i64

def repeat_if (b: bool) (x: i32) : i32 =
  loop acc = x for _i < b do acc * 2
