-- description: updating a strided slice `a with [0:n:2] = vs`.
-- ==
-- input { [1, 2, 3, 4, 5, 6] [0, 0, 0] } output { [0, 2, 0, 4, 0, 6] }

def main (xs: *[]i32) (zs: [3]i32) = xs with [0:6:2] = zs
