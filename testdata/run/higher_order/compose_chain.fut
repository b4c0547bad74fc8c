-- description: building a pipeline with >-> and <-< and applying it to an array.
-- ==
-- input { [1, -2, 3] } output { [9, 0, 25] [7, -2, 23] }
-- input { empty([0]i32) } output { empty([0]i32) empty([0]i32) }

def main (xs: []i32) =
  let f = (+ 2) >-> (\x -> x * x)     -- add two, then square
  let g = (\x -> x - 2) <-< f         -- f, then subtract two
  in (map f xs, map g xs)
