-- A map whose indices a scatter writes with, and whose other result is
-- also returned: the map fuses into the scatter, which returns that
-- result besides the written array.
-- ==
-- input { [0, 0, 0, 0] [3i64, 1i64] [5, 6] } output { [5, 0, 6, 0] [10, 12] }
-- structure { Screma 1 WithAcc 1 }

def main [k] (dest: *[4]i32) (is: [k]i64) (vs: [k]i32) : ([4]i32, [k]i32) =
  let (targets, twice) = unzip (map2 (\i v -> (3 - i, v * 2)) is vs)
  in (scatter dest targets vs, twice)
