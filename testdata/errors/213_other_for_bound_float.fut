-- `for` loop bound of the wrong type: an f32 bound.
-- ==
-- error: Cannot unify type "f32" with any of i8, i16, i32, i64

def integrate (f: f32 -> f32) (steps: f32) : f32 =
  loop acc = 0f32 for i < steps do
    acc + f (f32.i32 i / steps)
