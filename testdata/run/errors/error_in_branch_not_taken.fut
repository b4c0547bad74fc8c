-- description: errors in the branch that is not taken are never raised.
-- ==
-- input { [1, 2] 5i64 } output { 0 }
-- input { [1, 2] 1i64 } output { 2 }

def main (xs: []i32) (i: i64) = if i < length xs then xs[i] else 0
