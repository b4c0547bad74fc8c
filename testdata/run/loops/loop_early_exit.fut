-- description: finding the first index satisfying a predicate with a while loop.
-- ==
-- input { [3, 8, 12, 7] 10 } output { 2i64 }
-- input { [1, 2] 10 } output { -1i64 }
-- input { empty([0]i32) 0 } output { -1i64 }

def main [n] (xs: [n]i32) (limit: i32) =
  let i = loop i = 0 while i < n && xs[i] <= limit do i + 1
  in if i == n then -1 else i
