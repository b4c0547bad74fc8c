-- description: a generic inclusive scan wrapper taking the operator and neutral element as arguments.
-- ==
-- input { [3, 1, 2] } output { [3, 4, 6] [3, 3, 6] }
-- input { empty([0]i32) } output { empty([0]i32) empty([0]i32) }

def prefix 't (op: t -> t -> t) (ne: t) (xs: []t) = scan op ne xs

def main (xs: []i32) = (prefix (+) 0 xs, prefix (*) 1 xs)
