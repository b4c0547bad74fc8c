-- description: an assertion relating two arrays element-wise inside map2.
-- ==
-- input { [1, 2] [1, 4] } output { [0, 2] }
-- input { [3, 2] [1, 4] } error: Assertion is false|a <= b

def main [n] (as: [n]i32) (bs: [n]i32) = map2 (\a b -> assert (a <= b) (b - a)) as bs
