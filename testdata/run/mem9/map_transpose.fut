-- A map of transposes is a transpose of the whole array: on the host no
-- memory of its own (a view), on the device a row-major copy.
-- ==
-- input { [[[1f32, 2f32], [3f32, 4f32]], [[5f32, 6f32], [7f32, 8f32]]] }
-- output { 7f32 2f32 }
-- structure seq-mem { Alloc 0 }

def main [m] [n] (xsss: [m][n][n]f32) : (f32, f32) =
  let t = map transpose xsss
  in (t[1, 0, 1], t[0, 1, 0])
