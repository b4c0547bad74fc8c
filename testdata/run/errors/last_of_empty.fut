-- description: last of an empty filter result is an index error.
-- ==
-- input { [1, 3, 5] } error: out of bounds
-- input { [1, 4, 5] } output { 4 }

def main (xs: []i32) = last (filter (\x -> x % 2 == 0) xs)
