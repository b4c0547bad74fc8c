-- description: an index that walks past the end inside a loop.
-- ==
-- input { [1, 2, 3] 3 } output { 6 }
-- input { [1, 2, 3] 4 } error: Index \[3\] out of bounds

def main (xs: []i32) (n: i32) = loop s = 0 for i < n do s + xs[i]
