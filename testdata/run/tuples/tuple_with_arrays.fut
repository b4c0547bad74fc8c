-- description: tuples containing arrays passed to and returned from functions.
-- ==
-- input { [1, 2, 3] } output { [3, 2, 1] 6 }
-- input { empty([0]i32) } output { empty([0]i32) 0 }

def summarize (xs: []i32) = (reverse xs, reduce (+) 0 xs)

def main (xs: []i32) = summarize xs
