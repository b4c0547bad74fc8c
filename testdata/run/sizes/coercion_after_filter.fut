-- description: coercing the result of filter to the input size when all elements pass.
-- ==
-- input { [1, 2, 3] } output { [1, 2, 3] }
-- input { empty([0]i32) } output { empty([0]i32) }

def main [n] (xs: [n]i32) : [n]i32 = filter (> 0) xs :> [n]i32
