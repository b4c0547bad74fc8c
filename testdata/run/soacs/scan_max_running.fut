-- description: running maximum and running minimum with scan.
-- ==
-- input { [3, 1, 4, 1, 5, 9, 2, 6] } output { [3, 3, 4, 4, 5, 9, 9, 9] [3, 1, 1, 1, 1, 1, 1, 1] }
-- random input { [200]i32 }

def main (xs: []i32) = (scan i32.max i32.lowest xs, scan i32.min i32.highest xs)
