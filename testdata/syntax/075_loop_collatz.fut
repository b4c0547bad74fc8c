-- A while loop nested in a map: Collatz sequence lengths for many inputs.

-- | Number of steps for n to reach 1.
def collatz_len (n: i64) : i32 =
  let (_, steps) =
    loop (x, steps) = (n, 0) while x != 1 do
      let x' = if x % 2 == 0 then x / 2 else 3 * x + 1
      in (x', steps + 1)
  in steps

-- | Starting value below n with the longest chain.
entry longest (n: i64) : (i64, i32) =
  let lens = map collatz_len (1..<n)
  let (best, len) =
    reduce (\(i1, l1) (i2, l2) -> if l1 >= l2 then (i1, l1) else (i2, l2))
           (0, -1)
           (zip (1..<n) lens)
  in (best, len)

entry lengths (xs: []i64) : []i32 = map collatz_len xs
