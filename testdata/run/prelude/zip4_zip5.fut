-- description: zip4/unzip4 and zip5/unzip5.
-- ==
-- entry: four
-- input { [1, 2] [3, 4] [5, 6] [7, 8] } output { [16, 20] [1, 2] [8, 7] }

-- ==
-- entry: five
-- input { [1i8] [2i16] [3] [4i64] [5u8] } output { [5u8] [4i64] [3] [2i16] [1i8] }

entry four [n] (a: [n]i32) (b: [n]i32) (c: [n]i32) (d: [n]i32) =
  let (s, x, _, w) = unzip4 (map (\(p, q, r, t) -> (p + q + r + t, p, r, t)) (zip4 a b c d))
  in (s, x, reverse w)

entry five [n] (a: [n]i8) (b: [n]i16) (c: [n]i32) (d: [n]i64) (e: [n]u8) =
  let (v, w, x, y, z) = unzip5 (zip5 a b c d e)
  in (z, y, x, w, v)
