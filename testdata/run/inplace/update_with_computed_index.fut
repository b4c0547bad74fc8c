-- description: update at an index computed from the array itself (index read before the update).
-- ==
-- input { [2, 0, 1] } output { [2, 0, 100] }

def main (xs: *[]i32) = let i = i64.i32 xs[0] in xs with [i] = 100
