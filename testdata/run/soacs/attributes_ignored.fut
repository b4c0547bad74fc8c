-- description: attributes like #[sequential] and #[unroll] do not change results.
-- ==
-- input { [1, 2, 3, 4] } output { 10 [2, 4, 6, 8] 24 }
-- input { empty([0]i32) } output { 0 empty([0]i32) 1 }

def main (xs: []i32) =
  let s = #[sequential] reduce (+) 0 xs
  let d = #[incremental_flattening(only_inner)] map (* 2) xs
  let p = #[unroll] loop acc = 1 for x in xs do acc * x
  in (s, d, p)
