-- description: reduce with an associative but non-commutative operator: composition of affine maps x -> a*x + b.
-- ==
-- input { [[1, 0], [0, 1], [2, 3]] } output { [0, 5] }
-- input { [[2, 1], [3, 0]] } output { [6, 3] }
-- input { empty([0][2]i32) } output { [1, 0] }

-- (a1, b1) then (a2, b2) is x -> a2*(a1*x + b1) + b2.
def compose (a1: i32, b1: i32) (a2: i32, b2: i32) = (a2 * a1, a2 * b1 + b2)

def main (fs: [][2]i32) =
  let (a, b) = reduce compose (1, 0) (map (\f -> (f[0], f[1])) fs)
  in [a, b]
