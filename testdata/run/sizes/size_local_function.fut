-- description: a local function capturing a size from the enclosing scope.
-- ==
-- input { [1, 2, 3] } output { [3, 4, 5] }

def main [n] (xs: [n]i32) =
  let add_n (x: i32) = x + i32.i64 n - 1
  in map add_n xs
