-- description: indexing into an array of tuples and projecting.
-- ==
-- input { [1, 2, 3] [4, 5, 6] 2i64 } output { 3 6 }

def main [n] (as: [n]i32) (bs: [n]i32) (i: i64) =
  let ps = zip as bs
  in (ps[i].0, ps[i].1)
