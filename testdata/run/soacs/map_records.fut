-- description: map over arrays of records, reading and building fields (arrays of records are passed as separate arrays).
-- ==
-- input { [1.0, 2.0] [3.0, 4.0] } output { [3.0, 8.0] [4.0, 6.0] }

type point = {x: f64, y: f64}

def main [n] (xs: [n]f64) (ys: [n]f64) =
  let pts : [n]point = map2 (\x y -> {x, y}) xs ys
  let moved = map (\(p: point) -> p with x = p.x * p.y) pts
  in (map (.x) moved, map (\p -> p.x + p.y) pts)
