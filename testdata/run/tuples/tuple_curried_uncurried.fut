-- description: curried functions versus functions on tuples, and converting between them.
-- ==
-- input { 2 3 } output { 8 8 9 }
-- input { 3 0 } output { 1 1 0 }

def pow_c (b: i32) (e: i32) = b ** e
def pow_t (b: i32, e: i32) = b ** e

def main (a: i32) (b: i32) =
  (pow_c a b, pow_t (a, b), uncurry (flip pow_c) (a, b))
