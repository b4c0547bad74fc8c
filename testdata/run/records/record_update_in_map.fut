-- description: record update `with` inside a map over an array of records.
-- ==
-- input { [1, 2, 3] } output { [1, 2, 3] [0, 0, 1] }
-- input { [5, 0] } output { [5, 0] [1, 0] }

type item = {value: i32, flag: i32}

def main (xs: []i32) =
  let rs = map (\x -> {value = x, flag = 0} : item) xs
  let rs = map (\(r: item) -> if r.value > 2 then r with flag = 1 else r) rs
  in (map (.value) rs, map (.flag) rs)
