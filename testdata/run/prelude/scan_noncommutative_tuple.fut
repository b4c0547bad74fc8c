-- description: scan with a non-commutative operator (last non-zero value wins), checking operand order.
-- ==
-- input { [0, 3, 0, 0, 7, 0] } output { [0, 3, 3, 3, 7, 7] }

def main (xs: []i32) = scan (\a b -> if b != 0 then b else a) 0 xs
