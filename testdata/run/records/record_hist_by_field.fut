-- description: grouping records by a key field with reduce_by_index.
-- ==
-- input { [0i64, 1i64, 0i64] [10, 20, 30] } output { [40, 20] }
-- input { [5i64, 1i64] [10, 20] } output { [0, 20] }

type ledger_entry = {key: i64, amount: i32}

def main [n] (keys: [n]i64) (amounts: [n]i32) =
  let es = map2 (\key amount -> {key, amount}) keys amounts
  in reduce_by_index (replicate 2 0) (+) 0 (map (.key) es) (map (.amount) es)
