-- description: two size parameters carried together in a record type with two arrays of different sizes.
-- ==
-- input { [1, 2] [3, 4, 5] } output { 2i64 3i64 15 }
-- input { empty([0]i32) [1] } output { 0i64 1i64 1 }

type two [n][m] = {a: [n]i32, b: [m]i32}

def sizes [n][m] (t: two [n][m]) = (n, m)

def main [n][m] (a: [n]i32) (b: [m]i32) =
  let t : two [n][m] = {a, b}
  let (x, y) = sizes t
  in (x, y, reduce (+) 0 t.a + reduce (+) 0 t.b)
