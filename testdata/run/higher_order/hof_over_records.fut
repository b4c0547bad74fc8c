-- description: higher-order functions stored in a record selected by a flag.
-- ==
-- input { true [1, 2] } output { [2, 3] }
-- input { false [1, 2] } output { [0, 1] }

def main (up: bool) (xs: []i32) =
  let ops = {up = (+ 1), down = (\x -> x - 1)}
  in if up then map ops.up xs else map ops.down xs
