-- description: field projection sections `(.field)` used with map.
-- ==
-- input { [1, 2] [3, 4] } output { [3, 4] [1, 2] }

def main [n] (as: [n]i32) (bs: [n]i32) =
  let rs = map2 (\a b -> {first = a, second = b}) as bs
  in (map (.second) rs, map (.first) rs)
