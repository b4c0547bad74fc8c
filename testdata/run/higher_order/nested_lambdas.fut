-- description: lambdas nested inside lambdas, capturing outer parameters (outer product).
-- ==
-- input { [1, 2] [10, 20, 30] } output { [[10, 20, 30], [20, 40, 60]] }
-- input { empty([0]i32) [1, 2] } output { empty([0][2]i32) }

def main (xs: []i32) (ys: []i32) = map (\x -> map (\y -> x * y) ys) xs
