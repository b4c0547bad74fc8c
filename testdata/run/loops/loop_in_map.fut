-- description: a sequential loop inside a map: integer powers per element.
-- ==
-- input { [2, 3, -1] 3 } output { [8, 27, -1] }
-- input { [2, 3] 0 } output { [1, 1] }

def main (xs: []i32) (k: i32) = map (\x -> loop p = 1 for _i < k do p * x) xs
