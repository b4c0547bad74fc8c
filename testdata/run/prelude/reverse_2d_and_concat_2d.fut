-- description: reverse of a 2D array reverses rows only; concat of 2D arrays stacks rows.
-- ==
-- input { [[1, 2], [3, 4]] [[5, 6]] } output { [[3, 4], [1, 2]] [[1, 2], [3, 4], [5, 6]] [[2, 1], [4, 3]] }

def main [m] (a: [][m]i32) (b: [][m]i32) = (reverse a, concat a b, map reverse a)
