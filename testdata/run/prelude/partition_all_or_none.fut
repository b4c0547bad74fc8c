-- description: partition where all or no elements satisfy the predicate.
-- ==
-- input { [2, 4] } output { [2, 4] empty([0]i32) }
-- input { [1, 3] } output { empty([0]i32) [1, 3] }
-- input { empty([0]i32) } output { empty([0]i32) empty([0]i32) }

def main (xs: []i32) = partition (\x -> x % 2 == 0) xs
