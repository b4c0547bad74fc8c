-- Arrays and branches of sums whose payloads are arrays: the blank payload
-- of a missing constructor takes a size that keeps array rows regular.
type maybe 'a = #none | #some a
def f (x: maybe ([]i32)) : i32 =
  match x
  case #none -> 1
  case (#some xs) -> i32.sum xs
entry main (n: i64) (b: bool) : i32 =
  let m = if b then #some (map i32.i64 (iota n)) else #none
  let k = if b then #none else #some (map i32.i64 (iota (n+1)))
  in f m + f k + (f (if b then #none else m))
-- ==
-- input { 4i64 true } output { 8 }
-- input { 4i64 false } output { 12 }

-- ==
-- entry: rows
-- input { } output { [1, 6, 6] }
entry rows : []i32 = map f [#none, #some [1, 2, 3], #some [2, 4, 0]]

-- A reduction whose neutral element is a constructor the rows lack.
-- ==
-- entry: first_some
-- input { [3, 4] } output { 3 }
-- input { empty([0]i32) } output { -1 }
entry first_some (xs: []i32) : i32 =
  let pick (a: maybe i32) (b: maybe i32) = match a case #none -> b case _ -> a
  in match reduce pick #none (map (\x -> #some x) xs)
     case #none -> -1
     case #some x -> x
