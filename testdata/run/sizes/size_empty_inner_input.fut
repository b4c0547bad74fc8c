-- description: size parameters bound to zero from an input with an empty inner dimension.
-- ==
-- input { empty([3][0]i32) } output { 3i64 0i64 [0, 0, 0] }

def main [n][m] (a: [n][m]i32) = (n, m, map (reduce (+) 0) a)
