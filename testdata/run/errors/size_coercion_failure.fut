-- description: a size coercion `:>` to a different size fails at run time.
-- ==
-- input { 2i64 [1, 2, 3] } error: cannot match shape of type
-- input { 3i64 [1, 2, 3] } output { [1, 2, 3] }

def main (n: i64) (xs: []i32) = xs :> [n]i32
