-- description: `a with [i] = v` produces an updated array.
-- ==
-- input { [1, 2, 3] 1i64 20 } output { [1, 20, 3] }
-- input { [1] 0i64 -5 } output { [-5] }

def main (xs: *[]i32) (i: i64) (v: i32) = xs with [i] = v
