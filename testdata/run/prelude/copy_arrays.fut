-- description: copy gives a fresh array that can be updated without affecting the original.
-- ==
-- entry: modify_copy
-- input { [1, 2, 3] } output { [1, 2, 3] [100, 2, 3] }

entry modify_copy (xs: []i32) =
  let ys = copy xs
  let ys[0] = 100
  in (xs, ys)
