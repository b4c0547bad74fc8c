-- Prelude: iota, replicate, concat and `++`.

def grid (n: i64) : [n][n]i64 = map (\i -> map (+ i) (iota n)) (iota n)
def zeros2 (n: i64) (m: i64) : [n][m]f32 = replicate n (replicate m 0)
def joined [n][m] (a: [n]i32) (b: [m]i32) : [n + m]i32 = concat a b
def joined_to (k: i64) (a: []i32) (b: []i32) : [k]i32 = concat a b :> [k]i32
def three (a: []u8) = a ++ a ++ a
