-- description: hist with i32.min leaves the neutral element in bins that receive nothing.
-- ==
-- input { [2i64, 2i64, 0i64] [5, -1, 3] } output { [3, 2147483647, -1] }

def main [n] (is: [n]i64) (vs: [n]i32) = hist i32.min i32.highest 3 is vs
