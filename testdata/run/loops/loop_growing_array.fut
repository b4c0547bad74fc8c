-- description: a loop whose array state changes size each iteration (concatenating).
-- ==
-- input { 4i64 } output { [0i64, 0i64, 1i64, 0i64, 1i64, 2i64, 0i64, 1i64, 2i64, 3i64] }
-- input { 0i64 } output { empty([0]i64) }

def main (n: i64) =
  loop acc = [] for i < n do acc ++ iota (i + 1)
