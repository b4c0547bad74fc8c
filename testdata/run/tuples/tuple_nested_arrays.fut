-- description: a 2D array of pairs handled with nested map/unzip.
-- ==
-- input { [[1, 2], [3, 4]] } output { [[1, 4], [9, 16]] [[-1, -2], [-3, -4]] }

def main (m: [][]i32) =
  let pairs = map (map (\x -> (x * x, -x))) m
  in (map (map (.0)) pairs, map (map (.1)) pairs)
