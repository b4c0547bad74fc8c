-- description: filter returning nothing, then reductions of the empty result.
-- ==
-- input { [1, 3, 5] } output { 0i64 0 }
-- input { [2, 3, 4] } output { 2i64 6 }

def main (xs: []i32) =
  let evens = filter (\x -> x % 2 == 0) xs
  in (length evens, reduce (+) 0 evens)
