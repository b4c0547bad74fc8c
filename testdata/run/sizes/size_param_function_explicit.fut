-- description: calling a size-polymorphic function with explicit size annotation on the result.
-- ==
-- input { [5, 6, 7] } output { [7, 6, 5] }

def rev [n] 't (xs: [n]t) : [n]t = map (\i -> xs[n - 1 - i]) (iota n)

def main [n] (xs: [n]i32) : [n]i32 = rev xs
