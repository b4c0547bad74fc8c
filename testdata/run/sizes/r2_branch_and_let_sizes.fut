-- description: branches of differing sizes give one existential size per
-- pair of sizes (so two arrays of equal size in each branch stay equal); a
-- variable bound to a size expression is replaced by that expression once it
-- leaves scope; nested ascriptions of a parameter share their sizes.
-- ==
-- entry: pick
-- input { true } output { [10, 20, 30] [1, 2, 3] }
-- input { false } output { [7] [8] }

entry pick (b: bool) =
  let (xs, ys) = if b then ([1, 2, 3], [10, 20, 30]) else ([8], [7])
  in unzip (zip ys xs)

-- ==
-- entry: grow
-- input { 3i64 } output { [0i64, 1i64, 2i64, 3i64] }

entry grow (n: i64) : [n + 1]i64 =
  let k = n + 1
  in iota k

-- ==
-- entry: inner_name
-- input { [4i64, 5i64] } output { 6i64 }

def count_plus_head [n] ((_, vs: [n]i64): (bool, []i64)) : i64 = n + vs[0]

entry inner_name (vs: []i64) = count_plus_head (true, vs)
