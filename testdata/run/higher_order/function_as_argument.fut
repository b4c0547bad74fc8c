-- description: passing named functions and lambdas as arguments to a user-defined higher-order function.
-- ==
-- input { 5 } output { 7 20 5 }
-- input { -1 } output { 1 -4 -1 }

def twice (f: i32 -> i32) (x: i32) = f (f x)
def inc (x: i32) = x + 1

def main (x: i32) = (twice inc x, twice (\y -> y * 2) x, twice id x)
