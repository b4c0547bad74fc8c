-- Existential size in composition: filter's result size cannot feed the next function's parameter.
-- ==
-- error: Existential size would appear in function parameter of return type

def count_pos (xs: []i32) : i64 =
  (filter (> 0) >-> length) xs
