-- Nested loops and branches carrying device values, a while loop that
-- launches a map (so it stays on the host, its scalar parameters
-- carried on the device), and a noinline function of its own.
-- ==
-- entry: nested
-- input { [1i64, 2i64, 3i64] } output { 12i64 }
-- input { empty([0]i64) } output { 0i64 }

entry nested [n] (xs: [n]i64) : i64 =
  loop s = 0 for i < n do
    loop t = s for j < n do
      if xs[j] % 2 == 0 then t + xs[i] else t + 1

-- ==
-- entry: while_map
-- input { [1i64, 2i64, 3i64] } output { [7i64, 8i64, 9i64] 7i64 }

entry while_map [n] (xs: [n]i64) : ([n]i64, i64) =
  let (ys, k) =
    loop (ys, k) = (xs, xs[0]) while k < 7 do
      let k' = k + ys[n - 1] % 3 + 1
      in (map (+ (k' - k)) ys, k')
  in (ys, k)

#[noinline]
def pick [n] (xs: [n]i64) (c: bool) : i64 =
  let v = if c then xs[0] else xs[n - 1]
  in v * 2

-- ==
-- entry: called
-- input { [4i64, 5i64, 6i64] } output { 15i64 }

entry called [n] (xs: [n]i64) : i64 =
  pick xs true + pick xs (xs[1] > 9) - xs[1] - 3 - 0 + xs[2] - 3 - 0
