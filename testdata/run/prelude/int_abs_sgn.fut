-- description: abs and sgn for signed and unsigned integer modules.
-- ==
-- entry: abs_sgn_i32
-- input { [-5, 0, 7] } output { [5, 0, 7] [-1, 0, 1] }

-- ==
-- entry: abs_sgn_u8
-- input { [0u8, 200u8] } output { [0u8, 200u8] [0u8, 1u8] }

-- ==
-- entry: abs_sgn_i8
-- input { -128i8 } output { -128i8 -1i8 }

entry abs_sgn_i32 (xs: []i32) = (map i32.abs xs, map i32.sgn xs)
entry abs_sgn_u8 (xs: []u8) = (map u8.abs xs, map u8.sgn xs)
entry abs_sgn_i8 (x: i8) = (i8.abs x, i8.sgn x)
