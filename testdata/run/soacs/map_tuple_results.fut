-- description: a map whose lambda returns a tuple produces a tuple of arrays after unzip.
-- ==
-- input { [7, -3, 10] } output { [3, -2, 5] [1, 1, 0] }
-- input { [-1, -2] } output { [-1, -1] [1, 0] }

def main (xs: []i32) = unzip (map (\x -> (x / 2, x % 2)) xs)
