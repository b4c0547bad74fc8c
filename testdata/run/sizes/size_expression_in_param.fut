-- description: a function whose parameter type mentions a size expression [n+1].
-- ==
-- input { [1, 2, 3, 4] } output { [1, 1, 1] }
-- input { [5] } output { empty([0]i32) }

def diffs [n] (xs: [n + 1]i32) : [n]i32 = map (\i -> xs[i + 1] - xs[i]) (iota n)

def main [m] (xs: [m]i32) = diffs (xs :> [m - 1 + 1]i32)
