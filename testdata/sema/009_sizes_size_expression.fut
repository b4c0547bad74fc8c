-- Size expressions: concatenation and slicing yield symbolic sizes like `n + m`.

def join [n][m] (xs: [n]i32) (ys: [m]i32) : [n + m]i32 = xs ++ ys

def doubled [n] (xs: [n]i32) : [n + n]i32 = join xs xs

def with_sentinel [n] (xs: [n]i32) : [n + 1]i32 = xs ++ [i32.highest]

def first_len = length (doubled [1, 2, 3])
