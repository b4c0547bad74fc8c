-- description: finding the first element satisfying a predicate, returning an option through reduce.
-- ==
-- input { [1, 4, 6, 7] } output { true 4 }
-- input { [1, 3] } output { false 0 }

type opt = #none | #some i32

def first (a: opt) (b: opt) : opt = match a case #some _ -> a case #none -> b

def main (xs: []i32) =
  match reduce first #none (map (\x -> if x % 2 == 0 then #some x else #none) xs)
  case #some v -> (true, v)
  case #none -> (false, 0)
