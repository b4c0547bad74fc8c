-- description: a rank-1 polymorphic helper applying one function to both components of a pair.
-- ==
-- input { 2 -3 } output { 4 9 }
-- input { 0 -2147483648 } output { 0 0 }

def both 'a 'b (f: a -> b) ((x, y): (a, a)) : (b, b) = (f x, f y)

def main (a: i32) (b: i32) = both (\v -> v * v) (a, b)
