-- description: a slice `xs[0:k]` passed to a function expecting `[k]` after binding k.
-- ==
-- input { 2i64 [4, 5, 6] } output { 9 }
-- input { 0i64 [4, 5, 6] } output { 0 }

def total [k] (xs: [k]i32) = reduce (+) 0 xs

def main (k: i64) (xs: []i32) = total xs[0:k]
