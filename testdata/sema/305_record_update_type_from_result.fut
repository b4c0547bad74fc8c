-- Record update on a parameter whose type only the declared result tells
-- (Futhark 0.28 solves it after the body; 0.25 asked for an annotation).
def reset r : {count: i32, sum: f32} =
  r with count = 0
