-- description: updating a copy leaves the original (non-unique parameter) intact.
-- ==
-- input { [1, 2, 3] } output { [1, 2, 3] [1, 2, 0] }
-- input { [0, 0, 9] } output { [0, 0, 9] [0, 0, 0] }

def main (xs: []i32) =
  let ys = copy xs
  let ys[2] = 0
  in (xs, ys)
