-- Concatenation with ++ and concat, flatten, replicate, iota, reverse, take and drop.

def join3 (a: []i32) (b: []i32) (c: []i32) : []i32 = a ++ b ++ c

def bracket (xs: []i32) : []i32 = concat [0] (concat xs [0])

-- | Flatten a matrix into a single row.
def to_row [n][m] (xss: [n][m]f32) : []f32 = flatten xss

def ramp (n: i64) : [n]i64 = iota n

def constant (n: i64) (x: f32) : [n]f32 = replicate n x

def ends (xs: []i32) : ([]i32, []i32) = (take 2 xs, drop 2 xs)

entry main (xs: []i32) : ([]i32, []i32, []i32) = (join3 xs xs xs, bracket xs, reverse xs)

entry others (xss: [][]f32) (n: i64) : ([]f32, [n]i64, [n]f32) = (to_row xss, ramp n, constant n 1.5)

entry split_ends (xs: []i32) : ([]i32, []i32) = ends xs
