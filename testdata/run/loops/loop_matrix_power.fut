-- description: repeated 2x2 matrix multiplication in a loop (Fibonacci via matrix power).
-- ==
-- input { 10 } output { [[89i64, 55i64], [55i64, 34i64]] }
-- input { 0 } output { [[1i64, 0i64], [0i64, 1i64]] }

def mul (a: [2][2]i64) (b: [2][2]i64) : [2][2]i64 =
  map (\row -> map (\col -> row[0] * col[0] + row[1] * col[1]) (transpose b)) a

def main (n: i32) =
  loop m = [[1, 0], [0, 1]] for _i < n do mul m [[1, 1], [1, 0]]
