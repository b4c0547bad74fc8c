-- description: arrays of sum-typed values built with map and consumed with match.
-- ==
-- input { [3, -2, 0, 7] } output { 10 1 1 }
-- input { empty([0]i32) } output { 0 0 0 }

type cls = #positive i32 | #negative | #zero

def classify (x: i32) : cls = if x > 0 then #positive x else if x < 0 then #negative else #zero

def main (xs: []i32) =
  let cs = map classify xs
  let pos_sum = reduce (+) 0 (map (\c -> match c case #positive v -> v case _ -> 0) cs)
  let negs = reduce (+) 0 (map (\c -> match c case #negative -> 1 case _ -> 0) cs)
  let zeros = reduce (+) 0 (map (\c -> match c case #zero -> 1 case _ -> 0) cs)
  in (pos_sum, negs, zeros)
