-- Truncating division // and remainder %% versus flooring / and %.

-- | Compare rounding modes on a pair of integers.
def divisions (a: i32) (b: i32) : (i32, i32, i32, i32) =
  (a / b, a // b, a % b, a %% b)

-- | Digits of a non-negative number, least significant first.
def digits (n: i64) : [20]i64 =
  let (ds, _) =
    loop (ds, m) = (replicate 20 0, n) for i < 20 do
      (ds with [i] = m %% 10, m // 10)
  in ds

entry main : [4](i32, i32, i32, i32) =
  [divisions 7 2, divisions (-7) 2, divisions 7 (-2), divisions (-7) (-2)]

entry digit_sum (n: i64) : i64 = i64.sum (digits n)
