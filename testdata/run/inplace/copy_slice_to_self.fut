-- description: moving a block within the same array requires copying the source slice first.
-- ==
-- input { [1, 2, 3, 4, 5, 6] } output { [1, 2, 1, 2, 3, 6] }

def main (xs: *[]i32) =
  let block = copy xs[0:3]
  in xs with [2:5] = block
