-- description: one quicksort partitioning step around a pivot with partition.
-- ==
-- input { 5 [7, 3, 5, 9, 1, 5] } output { [3, 1] [7, 5, 9, 5] }
-- input { 0 [1, 2] } output { empty([0]i32) [1, 2] }

def main (pivot: i32) (xs: []i32) = partition (< pivot) xs
