-- description: a function whose result size is given by a named parameter `(n: i64) -> [n]i32`.
-- ==
-- input { 3i64 } output { [1, 2, 3] }
-- input { 0i64 } output { empty([0]i32) }

def ones_to (n: i64) : [n]i32 = map (\i -> i32.i64 i + 1) (iota n)

def main (n: i64) = ones_to n
