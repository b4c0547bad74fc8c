-- description: a function returning an array of unknown size `?[k].[k]i32`, bound at the call.
-- ==
-- input { [1, 2, 3, 4] } output { [2, 4] 2i64 }
-- input { [1, 3] } output { empty([0]i32) 0i64 }

def evens (xs: []i32) : ?[k].[k]i32 = filter (\x -> x % 2 == 0) xs

def main (xs: []i32) =
  let ys = evens xs
  in (ys, length ys)
