-- description: replacing an array field of a record with a mapped version.
-- ==
-- input { [1, 2, 3] } output { [2, 4, 6] 3 }

-- `type~` because the array field has a hidden size.
type~ bag = {items: []i32, count: i32}

def main (xs: []i32) =
  let b : bag = {items = xs, count = i32.i64 (length xs)}
  let b = b with items = map (* 2) b.items
  in (b.items, b.count)
