-- Record update on a record whose full type is not yet known.
-- ==
-- error: Full type of

def reset r : {count: i32, sum: f32} =
  r with count = 0
