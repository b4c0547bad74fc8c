-- description: in-place update of an element and an inner row of a 3D array.
-- ==
-- input { } output { [[[0, 0], [0, 5]], [[7, 7], [0, 0]]] }

def main =
  let a = replicate 2 (replicate 2 (replicate 2 0i32))
  let a[0, 1, 1] = 5
  let a[1, 0] = [7, 7]
  in a
