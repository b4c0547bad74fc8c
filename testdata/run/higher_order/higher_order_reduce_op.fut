-- description: passing the operator of a reduction as a parameter to a generic function.
-- ==
-- input { [3, 1, 4, 1, 5] } output { 14 60 5 1 }
-- input { empty([0]i32) } output { 0 1 -2147483648 2147483647 }

def reducer 't (op: t -> t -> t) (ne: t) (xs: []t) : t = reduce op ne xs

def main (xs: []i32) =
  (reducer (+) 0 xs, reducer (*) 1 xs, reducer i32.max i32.lowest xs, reducer i32.min i32.highest xs)
