-- description: a record type with sized array fields sharing one size parameter.
-- ==
-- input { [1, 2] [3, 4] } output { [4, 6] }
-- input { empty([0]i32) empty([0]i32) } output { empty([0]i32) }

type pairs [n] = {left: [n]i32, right: [n]i32}

def sum_pairs [n] (p: pairs [n]) : [n]i32 = map2 (+) p.left p.right

def main [n] (a: [n]i32) (b: [n]i32) = sum_pairs {left = a, right = b}
