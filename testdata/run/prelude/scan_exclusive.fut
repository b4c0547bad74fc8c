-- description: an exclusive prefix sum built from an inclusive scan and shifted indexing.
-- ==
-- entry: exscan
-- input { [3, 1, 4, 1, 5] } output { [0, 3, 4, 8, 9] }
-- input { empty([0]i32) } output { empty([0]i32) }

entry exscan [n] (xs: [n]i32) =
  let inc = scan (+) 0 xs
  in map (\i -> if i == 0 then 0 else inc[i - 1]) (iota n)
