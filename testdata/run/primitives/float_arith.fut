-- description: basic float arithmetic, power, modulo and negative zero.
-- ==
-- entry: arith
-- input { 7.5 2.0 } output { 9.5 5.5 15.0 3.75 56.25 }

-- ==
-- entry: fmod
-- input { 7.5f32 2.0f32 } output { 1.5f32 }
-- input { -7.5f32 2.0f32 } output { 0.5f32 }

-- ==
-- entry: neg_zero
-- input { 0.0 } output { -0.0 true }

entry arith (a: f64) (b: f64) = (a + b, a - b, a * b, a / b, a ** b)

-- `%` on floats has the sign of the divisor (like `/` rounding down).
entry fmod (a: f32) (b: f32) = a % b

entry neg_zero (z: f64) = (-z, -z == z)
