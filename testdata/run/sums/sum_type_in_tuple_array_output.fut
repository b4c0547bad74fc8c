-- description: mapping sum-typed results to parallel output arrays (tag and payload) at the entry boundary.
-- ==
-- input { [4, -1, 9] } output { [0, 1, 0] [2, 0, 3] }

type res = #ok i32 | #err

def isqrt (x: i32) : res = if x < 0 then #err else #ok (i32.f64 (f64.sqrt (f64.i32 x)))

def main (xs: []i32) =
  unzip (map (\x -> match isqrt x case #ok v -> (0, v) case #err -> (1, 0)) xs)
