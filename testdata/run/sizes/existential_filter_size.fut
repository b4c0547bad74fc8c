-- description: the result of filter has an existential size, bound by name with `let [k] (pos: [k]i32) = ...`.
-- ==
-- input { [1, -2, 3, -4, 5] } output { 3i64 [1, 3, 5] [2, 6, 10] }
-- input { [-1] } output { 0i64 empty([0]i32) empty([0]i32) }

def main (xs: []i32) =
  let [k] (pos: [k]i32) = filter (> 0) xs
  let doubled : [k]i32 = map (* 2) pos
  in (k, pos, doubled)
