-- description: a size-polymorphic higher-order function applied to arrays of different lengths.
-- ==
-- input { [1, 2, 3] [4, 5] } output { [2, 3, 4] [5, 6] }
-- input { empty([0]i32) [0] } output { empty([0]i32) [1] }

def lift [n] (f: i32 -> i32) (xs: [n]i32) : [n]i32 = map f xs

def main (xs: []i32) (ys: []i32) = (lift (+ 1) xs, lift (+ 1) ys)
