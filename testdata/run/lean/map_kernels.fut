-- description: maps whose functions are scalar arithmetic (run without a call per element) give what calls give: sections, captured scalars, let, if, conversions, prelude functions, every element type.
-- ==
-- entry: sections
-- input { [1i64, -2i64, 3i64] } output { [2i64, -4i64, 6i64] [0i64, 3i64, -2i64] }
-- input { empty([0]i64) } output { empty([0]i64) empty([0]i64) }

-- ==
-- entry: captured
-- input { 3i32 [1i32, 2i32, 2147483647i32] } output { [4i32, 5i32, -2147483646i32] }

-- ==
-- entry: branches
-- input { [-1.5f32, 0f32, 2.25f32] } output { [2.25f32, 0f32, 1.5f32] [true, false, true] }

-- ==
-- entry: prelude_calls
-- input { [4f64, 9f64, 2f64] } output { [2f64, 3f64, 1.4142135623730951f64] [4i32, 9i32, 2i32] }

-- ==
-- entry: narrow
-- input { [250u8, 3u8, 7u8] [1f16, 0.5f16, -2f16] }
-- output { [3u8, 21u8, 29u8] [2f16, 1f16, -4f16] [false, true, false] }

-- ==
-- entry: chained
-- input { 5i64 } output { 80i64 [0i64, 2i64, 6i64, 12i64, 20i64] }

entry sections (xs: []i64) = (map (*2) xs, map (1-) xs)

entry captured (k: i32) (xs: []i32) = map (\x -> let y = x * 2 in y + k - x + 0) (map (+k) xs |> map (\x -> x - k))

entry branches (xs: []f32) =
  (map (\x -> if x < 0 then x * x else f32.sqrt x) xs, map (\x -> x != 0) xs)

entry prelude_calls (xs: []f64) = (map f64.sqrt xs, map (\x -> i32.f64 x |> i32.max 1) xs)

entry narrow (xs: []u8) (hs: []f16) = (map (\x -> x * 2 + 0xf) xs, map (f16.* 2) hs, map (\h -> h > 0 && h < 1) hs)

entry chained (n: i64) =
  let xs = iota n
  let ys = map2 (*) xs (map (+1) xs)
  in (i64.sum (map (*4) (map (/2) ys)), ys)
