-- Row sums and column sums of a square f32 matrix: a segmented reduction
-- along the rows, and one across them (a transposed access).
-- ==
-- entry: rows cols
-- notest random input { [4096][4096]f32 }
-- notest random input { [16384][16384]f32 }
-- entry: rows
-- input { [[1f32, 2f32], [3f32, 4f32]] } output { [3f32, 7f32] }
-- entry: cols
-- input { [[1f32, 2f32], [3f32, 4f32]] } output { [4f32, 6f32] }

entry rows [n][m] (a: [n][m]f32) : [n]f32 = map f32.sum a

entry cols [n][m] (a: [n][m]f32) : [m]f32 = map f32.sum (transpose a)
