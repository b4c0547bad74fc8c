-- description: nested projection sections `(.a.b)`.
-- ==
-- input { [1, 2, 3] } output { [2, 4, 6] }

def main (xs: []i32) =
  let rs = map (\x -> {outer = {inner = x * 2}}) xs
  in map (.outer.inner) rs
