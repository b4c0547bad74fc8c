-- Slices with a unit stride have the length their bounds give; the
-- reverse of an array has its length.
def tails [n] (xs: [n]f32) (ys: [n]f32) = zip xs[1:] ys[1:]
def middle [n] (xs: [n]i32) : [n - 1 - 1]i32 = xs[1:n - 1]
def backwards [n] (xs: [n]i32) : [n]i32 = xs[::-1]
def prefix [n] (k: i64) (xs: [n]i32) : [k]i32 = xs[:k]
