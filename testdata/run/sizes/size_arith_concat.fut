-- description: the size of `a ++ b` is n + m, checked by coercing to that size.
-- ==
-- input { [1, 2] [3, 4, 5] } output { [1, 2, 3, 4, 5] 5i64 }
-- input { empty([0]i32) [7] } output { [7] 1i64 }

def append [n][m] (a: [n]i32) (b: [m]i32) : [n + m]i32 = a ++ b

def main [n][m] (a: [n]i32) (b: [m]i32) =
  let c = append a b
  in (c, length c)
