-- description: maps run a column of elements at a time through typed loops: integer division and remainder by a constant (rounding as Futhark does for either sign), comparisons, branches picking per element, and arrays longer than one column.
-- ==
-- entry: divisions
-- input { [7i32, -7i32, 6i32, -1i32, 0i32] }
-- output { [2i32, -3i32, 2i32, -1i32, 0i32] [1i32, 2i32, 0i32, 2i32, 0i32] [2i32, -2i32, 2i32, 0i32, 0i32] [1i32, -1i32, 0i32, -1i32, 0i32] [-3i32, 2i32, -2i32, 0i32, 0i32] [-2i32, -1i32, 0i32, -1i32, 0i32] }

-- ==
-- entry: unsigned
-- input { [7u8, 255u8, 0u8] } output { [2u8, 85u8, 0u8] [1u8, 0u8, 0u8] }

-- ==
-- entry: picks
-- input { [4i64, 3i64, -2i64, -5i64] [1f32, -0.5f32, 2f32] }
-- output { [2i64, -3i64, -1i64, 5i64] [1f32, 1f32, 1f32] [false, true, true] }

-- ==
-- entry: long
-- input { 10000i64 } output { -27770556i64 3333i64 -4096i64 }

-- ==
-- entry: by_zero
-- input { [1i32, 2i32] 0i32 } error: columns.fut:\d+:.*Cannot apply operator

entry divisions (xs: []i32) =
  (map (/ 3) xs, map (% 3) xs, map (// 3) xs, map (%% 3) xs, map (/ -3) xs, map (% -3) xs)

entry unsigned (xs: []u8) = (map (/ 3) xs, map (% 3) xs)

entry picks (xs: []i64) (fs: []f32) =
  ( map (\x -> if x % 2 == 0 then x / 2 else 0 - x) xs
  , map (\x -> if x != 2 then 1f32 else x - 1) fs
  , map (\x -> x == -0.5 || x > 1) fs
  )

entry long (n: i64) =
  let xs = map (\i -> if i % 3 == 0 then i / 3 else -i) (iota n)
  in (i64.sum xs, xs[n - 1], xs[4096])

entry by_zero (xs: []i32) (d: i32) = map (/ d) xs
