-- description: a size parameter only used in the return type.
-- ==
-- input { [9, 8, 7] } output { [0i64, 1i64, 2i64] }

def positions [n] 'a (_: [n]a) : [n]i64 = iota n

def main (xs: []i32) = positions xs
