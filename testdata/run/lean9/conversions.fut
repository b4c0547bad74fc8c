-- description: conversions and negations inside a map run as typed loops over the buffer, with Futhark's conversion rules (wrapping, rounding, zero-extension into unsigned types).
-- ==
-- entry: to_f64
-- input { [1i64, -2i64, 9007199254740993i64] } output { [0.5f64, -1.0f64, 4503599627370496.5f64] }

-- ==
-- entry: to_f32
-- input { [16777217i64, -3i64] } output { [16777216f32, -3f32] }

-- ==
-- entry: narrowed
-- input { [300i64, -1i64, 2147483648i64] } output { [44i8, -1i8, 0i8] [300i32, -1i32, -2147483648i32] }

-- ==
-- entry: unsigned
-- input { [-1i32, 2i32] } output { [4294967295u64, 2u64] }

-- ==
-- entry: floats
-- input { [1.5f32, -2.25f32] } output { [1.5f64, -2.25f64] [-1.5f32, 2.25f32] }

-- ==
-- entry: truncated
-- input { [1.9f64, -1.9f64] } output { [1i32, -1i32] }

-- ==
-- entry: negated
-- input { [1i16, -32768i16] [0.5f64, -0.0f64] } output { [-1i16, -32768i16] [-0.5f64, 0.0f64] }

entry to_f64 (xs: []i64) : []f64 = map (\x -> f64.i64 x * 0.5) xs

entry to_f32 (xs: []i64) : []f32 = map f32.i64 xs

entry narrowed (xs: []i64) : ([]i8, []i32) = (map i8.i64 xs, map (\x -> i32.i64 x) xs)

entry unsigned (xs: []i32) : []u64 = map u64.i32 xs

entry floats (xs: []f32) : ([]f64, []f32) = (map f64.f32 xs, map (\x -> f32.f64 (-(f64.f32 x))) xs)

entry truncated (xs: []f64) : []i32 = map i32.f64 xs

entry negated (xs: []i16) (ys: []f64) : ([]i16, []f64) = (map (\x -> -x) xs, map (\y -> -y) ys)
