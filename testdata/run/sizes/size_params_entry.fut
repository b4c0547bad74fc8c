-- description: size parameters bound from entry point arguments and returned as values.
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] } output { 2i64 3i64 }
-- input { empty([0][5]i32) } output { 0i64 5i64 }

def main [n][m] (a: [n][m]i32) = (n, m)
