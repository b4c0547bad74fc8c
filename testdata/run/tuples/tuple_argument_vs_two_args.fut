-- description: a function on a tuple and a curried function give the same result.
-- ==
-- input { 6 4 } output { 2 2 }
-- input { 7 0 } output { 7 7 }

def gcd_t (a: i32, b: i32) = (loop (x, y) = (a, b) while y != 0 do (y, x % y)).0
def gcd_c (a: i32) (b: i32) = gcd_t (a, b)

def main (a: i32) (b: i32) = (gcd_t (a, b), gcd_c a b)
