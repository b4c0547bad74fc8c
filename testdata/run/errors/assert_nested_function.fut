-- description: an assertion inside a helper function called from an entry point.
-- ==
-- input { 3i64 [1, 2, 3, 4] } output { 4 }
-- input { 9i64 [1, 2, 3, 4] } error: Assertion is false|i < n

def checked_get [n] (xs: [n]i32) (i: i64) = assert (i < n) xs[i]

def main (i: i64) (xs: []i32) = checked_get xs i
