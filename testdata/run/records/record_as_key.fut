-- description: using a record of two coordinates to compute a flat index and bin values.
-- ==
-- input { [0i64, 1i64, 1i64] [0i64, 0i64, 1i64] } output { [1, 0, 1, 1] }

type cell = {row: i64, col: i64}

def flat_index (c: cell) = c.row * 2 + c.col

def main [n] (rs: [n]i64) (cs: [n]i64) =
  let cells = map2 (\row col -> {row, col}) rs cs
  in hist (+) 0 4 (map flat_index cells) (replicate n 1i32)
