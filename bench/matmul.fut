-- Dense matrix multiplication of f32.
-- ==
-- input { [[1f32, 2], [3, 4]] [[5f32, 6], [7, 8]] } output { [[19f32, 22], [43, 50]] }
-- random input { [16][16]f32 [16][16]f32 }
-- notest random input { [512][512]f32 [512][512]f32 }
-- notest random input { [1024][1024]f32 [1024][1024]f32 }
-- notest random input { [4096][4096]f32 [4096][4096]f32 }

entry main [n][m][p] (a: [n][m]f32) (b: [m][p]f32) : [n][p]f32 =
  map (\row -> map (\col -> f32.sum (map2 (*) row col)) (transpose b)) a
