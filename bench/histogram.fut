-- A 256-bin histogram of bytes: one hist over a large array.
-- ==
-- entry: bins
-- input { 4i64 [0u8, 1u8, 1u8, 7u8, 255u8] } output { [1i32, 2i32, 0i32, 2i32] }
-- entry: main
-- random input { [1000]u8 }
-- notest random input { [10000000]u8 }
-- notest random input { [100000000]u8 }

-- Bin `x % k` of every byte.
def histogram [n] (k: i64) (xs: [n]u8) : [k]i32 =
  hist (+) 0 k (map (\x -> i64.u8 x % k) xs) (replicate n 1)

entry bins (k: i64) (xs: []u8) : []i32 = histogram k xs

entry main (xs: []u8) : [256]i32 = histogram 256 xs
