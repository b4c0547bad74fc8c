-- description: passing a pair of functions as one tuple argument.
-- ==
-- input { 5 } output { 6 10 }

def both (fs: (i32 -> i32, i32 -> i32)) (x: i32) = (fs.0 x, fs.1 x)

def main (x: i32) = both ((+ 1), (* 2)) x
