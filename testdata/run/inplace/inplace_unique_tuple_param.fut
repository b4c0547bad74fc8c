-- description: a function consuming a tuple of unique arrays and updating both.
-- ==
-- input { [1, 2] [3, 4] } output { [0, 2] [3, 0] }

def clear_ends (a: *[]i32, b: *[]i32) : (*[]i32, *[]i32) =
  let n = length b
  in (a with [0] = 0, b with [n - 1] = 0)

def main (a: []i32) (b: []i32) = clear_ends (copy a, copy b)
