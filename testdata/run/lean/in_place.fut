-- description: a scan or map over an array nothing else refers to runs in its place; one whose input is still used leaves that input as it was; maps and scans over rows build their result row by row.
-- ==
-- entry: scan_shared
-- input { [1i32, 2i32, 3i32] } output { [1i32, 3i32, 6i32] [1i32, 2i32, 3i32] }

-- ==
-- entry: scan_fresh
-- input { 5i64 } output { [0i32, 1i32, 3i32, 6i32, 10i32] [0u8, 3u8, 6u8, 9u8, 9u8] }

-- ==
-- entry: map_shared
-- input { [1.5f64, -2f64] } output { [1.5f64, -2f64] [3f64, -4f64] }

-- ==
-- entry: rows
-- input { [[1i32, 2i32], [3i32, 4i32], [5i32, 6i32]] }
-- output { [[2i32, 3i32], [4i32, 5i32], [6i32, 7i32]] [[1i32, 2i32], [4i32, 6i32], [9i32, 12i32]] [[1i32, 2i32], [3i32, 4i32], [5i32, 6i32]] }

-- ==
-- entry: no_rows
-- input { empty([0][2]i32) } output { empty([0][2]i32) empty([0][2]i32) }

entry scan_shared (xs: []i32) = let ys = scan (+) 0 xs in (ys, xs)

entry scan_fresh (n: i64) =
  (scan (+) 0 (map i32.i64 (iota n)), scan u8.max 0 (map (\i -> u8.i64 (i * 3 % 10)) (iota n)))

entry map_shared (xs: []f64) = let ys = map (* 2) xs in (xs, ys)

entry rows [n] (xss: [n][2]i32) = (map (map (+ 1)) xss, scan (map2 (+)) [0, 0] xss, xss)

entry no_rows [n] (xss: [n][2]i32) = (map (map (+ 1)) xss, scan (map2 (+)) [0, 0] xss)
