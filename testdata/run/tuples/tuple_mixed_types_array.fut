-- description: arrays of tuples mixing bool, i64 and f32, reduced to a tuple.
-- ==
-- input { [true, false, true] [1i64, 2i64, 3i64] [0.5f32, 1.5f32, 2.0f32] } output { 2i64 4i64 2.5f32 }

def main [n] (bs: [n]bool) (is: [n]i64) (fs: [n]f32) =
  let picked = filter (.0) (zip3 bs is fs)
  in (length picked, reduce (+) 0 (map (.1) picked), reduce (+) 0 (map (.2) picked))
