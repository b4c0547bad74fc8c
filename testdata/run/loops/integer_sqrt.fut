-- description: integer square root by binary search over i64.
-- ==
-- input { [0i64, 1i64, 15i64, 16i64, 17i64, 1000000000000i64] } output { [0i64, 1i64, 3i64, 4i64, 4i64, 1000000i64] }
-- input { [9223372036854775807i64, 99i64] } output { [3037000499i64, 9i64] }

def isqrt (x: i64) =
  let (lo, _) =
    loop (lo, hi) = (0i64, i64.min x 3037000499 + 1) while hi - lo > 1 do
      let mid = (lo + hi) / 2
      in if mid * mid <= x then (mid, hi) else (lo, mid)
  in lo

def main (xs: []i64) = map isqrt xs
