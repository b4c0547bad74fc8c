-- description: an assertion failing for one element of a map fails the whole program.
-- ==
-- input { [1, 2, 3] } output { [1, 4, 9] }
-- input { [1, -2, 3] } error: Assertion is false|x > 0

def main (xs: []i32) = map (\x -> assert (x > 0) (x * x)) xs
