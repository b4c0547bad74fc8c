-- Nested (multi-dimensional) array literals and operations on them.

def identity3 : [3][3]i32 = [[1, 0, 0], [0, 1, 0], [0, 0, 1]]

def cube : [2][2][2]f32 =
  [ [[1.0, 2.0], [3.0, 4.0]]
  , [[5.0, 6.0], [7.0, 8.0]]
  ]

-- | Trace of a square matrix.
def trace [n] (m: [n][n]i32) : i32 = reduce (+) 0 (map (\i -> m[i, i]) (iota n))

-- | Build a nested array from rows computed at runtime.
def rows (x: f32) : [2][3]f32 = [[x, x + 1.0, x + 2.0], [x * 2.0, x * 3.0, x * 4.0]]

entry main (x: f32) : (i32, f32, [2][3]f32) =
  (trace identity3, f32.sum (flatten (flatten cube)), rows x)

entry transposed : [3][3]i32 = transpose [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
