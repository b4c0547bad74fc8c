-- description: a function with a unique parameter `*[]i32` consumes its argument and updates it.
-- ==
-- input { [5, 6, 7] } output { [0, 6, 7] [5, 6, 7] }

def zero_first (xs: *[]i32) : *[]i32 = xs with [0] = 0

def main (xs: []i32) =
  let ys = zero_first (copy xs)
  in (ys, xs)
