-- description: a definition with a size parameter and no parameters runs at each use, with the size of that use's type.
-- ==
-- input { 2i64 3i64 } output { [0, 0] [0, 0, 0] }
-- input { 0i64 1i64 } output { empty([0]i32) [0] }

def zeros [n] : [n]i32 = replicate n 0

def main (n: i64) (m: i64) : ([n]i32, [m]i32) = (zeros, zeros)
