-- Prelude: flatten, unflatten, flatten_3d, transpose.

def flat [n][m] (xss: [n][m]i32) : [n * m]i32 = flatten xss
def rows (k: i64) (m: i64) (xs: [k * m]i32) : [k][m]i32 = unflatten xs
def flat3 [a][b][c] (x: [a][b][c]f32) : [a * b * c]f32 = flatten_3d x
def tr [n][m] (xss: [n][m]f32) : [m][n]f32 = transpose xss
def roundtrip [n][m] (xss: [n][m]i32) : [n][m]i32 = unflatten (flatten xss)
