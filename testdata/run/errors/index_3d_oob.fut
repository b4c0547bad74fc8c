-- description: an out-of-bounds index into a 3D array reports all indices and the full shape.
-- ==
-- input { 1i64 2i64 0i64 } error: Index \[1, 2, 0\] out of bounds for array of shape \[2\]\[2\]\[2\]
-- input { 1i64 1i64 1i64 } output { 7 }

def main (i: i64) (j: i64) (k: i64) =
  let a = unflatten_3d (map i32.i64 (iota 8) :> [2 * 2 * 2]i32)
  in a[i, j, k]
