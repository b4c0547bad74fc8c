-- description: conversions between bool and numbers.
-- ==
-- entry: from_bool
-- input { true } output { 1 1u8 1.0f32 }
-- input { false } output { 0 0u8 0.0f32 }

-- ==
-- entry: to_bool
-- input { [0, 1, -5, 2] } output { [false, true, true, true] }

entry from_bool (b: bool) = (i32.bool b, u8.bool b, f32.bool b)
entry to_bool (xs: []i32) = map bool.i32 xs
