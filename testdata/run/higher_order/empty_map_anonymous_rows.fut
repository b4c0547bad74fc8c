-- description: an empty map result whose row sizes are the anonymous sizes of another parameter.
-- ==
-- input { empty([0]i32) [[1, 2, 3]] } output { empty([0][1][3]i32) }
-- input { [2] [[1, 2, 3]] } output { [[[2, 4, 6]]] }

def main (xs: []i32) (ys: [][]i32) = map (\x -> map (\y -> map (* x) y) ys) xs
