-- description: a reduction of a filtered row inside a map (irregular work, regular results).
-- ==
-- input { [[1, -2, 3], [-1, -1, -1], [0, 5, -5]] } output { [4, 0, 5] }
-- input { empty([0][3]i32) } output { empty([0]i32) }

def main (rows: [][]i32) = map (\r -> reduce (+) 0 (filter (> 0) r)) rows
