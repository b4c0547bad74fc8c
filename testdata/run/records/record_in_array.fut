-- description: an array of records built with map, summed field-wise with reduce.
-- ==
-- input { [1, 2, 3] } output { 6 14 }
-- input { empty([0]i32) } output { 0 0 }

def main (xs: []i32) =
  let rs = map (\x -> {lin = x, sq = x * x}) xs
  let t = reduce (\a b -> {lin = a.lin + b.lin, sq = a.sq + b.sq}) {lin = 0, sq = 0} rs
  in (t.lin, t.sq)
