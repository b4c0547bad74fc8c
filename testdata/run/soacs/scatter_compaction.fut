-- description: stream compaction implemented by hand with scan and scatter (compare with filter).
-- ==
-- input { [5, -1, 3, -4, 0, 8] } output { [5, 3, 0, 8] true }
-- input { [-1, -2] } output { empty([0]i32) true }

def compact [n] (p: i32 -> bool) (xs: [n]i32) : []i32 =
  let flags = map (\x -> if p x then 1i64 else 0) xs
  let offsets = scan (+) 0 flags
  let m = if n == 0 then 0 else offsets[n - 1]
  let is = map2 (\f o -> if f == 1 then o - 1 else -1) flags offsets
  in scatter (replicate m 0) is xs

def main (xs: []i32) =
  let ys = compact (>= 0) xs
  let zs = filter (>= 0) xs
  let m = length ys
  in (ys, m == length zs && and (map2 (==) (ys :> [m]i32) (zs :> [m]i32)))
