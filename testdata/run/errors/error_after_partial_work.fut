-- description: an error raised late in a computation still fails the whole run (no partial output).
-- ==
-- input { [4, 2, 1] } output { [2, 4, 8] }
-- input { [4, 2, 0] } error: division by zero|Cannot apply operator

def main (xs: []i32) = map (\x -> 8 / x) xs
