-- description: 0/1 knapsack by dynamic programming over capacities, one map per item.
-- ==
-- input { 10i64 [5i64, 4i64, 6i64, 3i64] [10, 40, 30, 50] } output { 90 }
-- input { 0i64 [1i64] [5] } output { 0 }

def main [n] (cap: i64) (ws: [n]i64) (vs: [n]i32) =
  let best =
    loop best = replicate (cap + 1) 0i32 for i < n do
      map (\c -> if c >= ws[i] then i32.max best[c] (best[c - ws[i]] + vs[i]) else best[c]) (iota (cap + 1))
  in best[cap]
