-- description: copying a slice of one array into another with a slice update.
-- ==
-- input { [0, 0, 0, 0, 0] [1, 2, 3, 4] 1i64 2i64 } output { [0, 2, 3, 0, 0] }
-- input { [0, 0] [1, 2] 0i64 0i64 } output { [0, 0] }

def main (dst: *[]i32) (src: []i32) (from: i64) (len: i64) =
  dst with [from:from + len] = src[from:from + len]
