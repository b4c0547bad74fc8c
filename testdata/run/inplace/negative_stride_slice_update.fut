-- description: updating through a slice with negative stride `a with [3:0:-1] = vs` writes positions 3, 2, 1.
-- ==
-- input { [0, 0, 0, 0] [1, 2, 3] } output { [0, 3, 2, 1] }
-- input { [9, 9, 9, 9] [0, 0, 0] } output { [9, 0, 0, 0] }

def main (xs: *[]i32) (vs: [3]i32) = xs with [3:0:-1] = vs
