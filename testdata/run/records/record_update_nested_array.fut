-- description: updating a record field that is an array, element-wise via `with`.
-- ==
-- input { [1, 2, 3] } output { [1, 0, 3] 3i64 }

def main (xs: []i32) =
  let r = {data = copy xs, n = length xs}
  let r = r with data = (copy r.data with [1] = 0)
  in (r.data, r.n)
