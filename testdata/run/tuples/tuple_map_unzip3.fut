-- description: map producing triples, then unzip3 into three arrays.
-- ==
-- input { [1, 2, 3] } output { [2, 4, 6] [1, 4, 9] [false, true, false] }
-- input { empty([0]i32) } output { empty([0]i32) empty([0]i32) empty([0]bool) }

def main (xs: []i32) = unzip3 (map (\x -> (x * 2, x * x, x % 2 == 0)) xs)
