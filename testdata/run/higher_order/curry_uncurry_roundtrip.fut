-- description: currying an uncurried function and back gives the same results.
-- ==
-- input { 7 3 } output { 4 4 4 }
-- input { -2147483648 1 } output { 2147483647 2147483647 2147483647 }

def sub_pair (p: (i32, i32)) = p.0 - p.1

def main (a: i32) (b: i32) =
  (sub_pair (a, b), curry sub_pair a b, uncurry (curry sub_pair) (a, b))
