-- Properties with their own generators and shrinkers: candidates made by
-- an entry point from a size and a seed, one of an opaque record type.
-- ==
-- property: sorted_stays_sorted range_is_ordered

def lcg (seed: u64) (i: i64) : i32 =
  i32.u64 (((seed + u64.i64 i) * 6364136223846793005 + 1442695040888963407) >> 40)

entry gen_sorted (size: i64) (seed: u64) : []i32 =
  scan (+) 0 (map (\i -> i32.abs (lcg seed i) % 10) (iota size))

entry drop_first (xs: []i32) (_: u64) : []i32 =
  if length xs > 0 then xs[1:] else xs

#[prop(gen(gen_sorted), shrink(drop_first), size(30))]
entry sorted_stays_sorted (xs: []i32) : bool =
  let ys = map (*2) xs
  in and (map2 (<=) (init ys) (tail ys))

type range = {lo: i32, hi: i32}

entry gen_range (size: i64) (seed: u64) : range =
  let a = lcg seed 0 % i32.i64 (size + 1)
  in {lo = a, hi = a + i32.abs (lcg seed 1 % 100)}

#[prop(gen(gen_range))]
entry range_is_ordered (r: range) : bool =
  r.lo <= r.hi
