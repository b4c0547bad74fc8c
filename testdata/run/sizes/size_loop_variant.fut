-- description: a loop whose array result changes size; the final size is existential and returned.
-- ==
-- input { 3 [1] } output { [1, 1, 1, 1, 1, 1, 1, 1] 8i64 }
-- input { 0 [1, 2] } output { [1, 2] 2i64 }

def main (k: i32) (xs: []i32) =
  let r = loop ys = xs for _i < k do ys ++ ys
  in (r, length r)
