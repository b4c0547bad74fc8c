-- description: `let a[i] = v` updates in place with a let binding, several times in sequence.
-- ==
-- input { [0, 0, 0, 0] } output { [1, 0, 3, 4] }

def main (xs: *[]i32) =
  let xs[0] = 1
  let xs[2] = 3
  let xs[3] = xs[2] + 1
  in xs
