-- Float and integer constraints clash on one index expression.
-- ==
-- error: Type constrained to one of i8, i16, i32, i64 but also one of f16, f32, f64

def last_elem (xs: []f32) : f32 =
  xs[-1.0]
