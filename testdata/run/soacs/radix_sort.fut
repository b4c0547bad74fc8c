-- description: LSD radix sort on u32 keys, one bit per pass, using scan-based stable partitioning and scatter.
-- ==
-- input { [5u32, 3u32, 9u32, 0u32, 3u32, 4294967295u32] } output { [0u32, 3u32, 3u32, 5u32, 9u32, 4294967295u32] }
-- input { empty([0]u32) } output { empty([0]u32) }
-- random input { [100]u32 }

def radix_pass [n] (bit: i32) (xs: [n]u32) : [n]u32 =
  let is_one = map (\x -> i64.u32 ((x >> u32.i32 bit) & 1)) xs
  let zeros_before = scan (+) 0 (map (1 -) is_one)
  let total_zeros = if n == 0 then 0 else zeros_before[n - 1]
  let ones_before = scan (+) 0 is_one
  let dest = map3 (\b z o -> if b == 0 then z - 1 else total_zeros + o - 1) is_one zeros_before ones_before
  in scatter (replicate n 0) dest xs

def main [n] (xs: [n]u32) = loop xs for bit < 32 do radix_pass bit xs
