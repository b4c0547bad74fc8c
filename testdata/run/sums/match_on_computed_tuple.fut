-- description: matching on a tuple computed from comparisons (a three-way compare helper).
-- ==
-- input { [1, 5, 3] [2, 5, 1] } output { [-1, 0, 1] }
-- input { [-2147483648] [2147483647] } output { [-1] }

def compare (a: i32) (b: i32) : i32 =
  match (a < b, a == b)
  case (true, _) -> -1
  case (_, true) -> 0
  case _ -> 1

def main [n] (as: [n]i32) (bs: [n]i32) = map2 compare as bs
