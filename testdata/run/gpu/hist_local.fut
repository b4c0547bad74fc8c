-- Histograms large enough that the OpenCL back end builds a sub-histogram
-- per work-group in local memory (few bins, many values), and ones with
-- so many bins that it updates the destination directly; operators with
-- atomic instructions of their own (integer `+`, 32-bit `min`/`max`) and
-- ones that take a compare-and-swap loop. Each result is compared with a
-- sequential loop over the same values.

def key (n: i64) (i: i64) : i64 = (i * 7919 + 13) % n

def seq_hist 't [n] (op: t -> t -> t) (ne: t) (k: i64) (is: [n]i64) (vs: [n]t) : [k]t =
  loop acc = replicate k ne for j < n do
    if is[j] >= 0 && is[j] < k then acc with [is[j]] = op (copy acc[is[j]]) vs[j] else acc

def same 't [k] (eq: t -> t -> bool) (xs: [k]t) (ys: [k]t) : bool =
  and (map2 eq xs ys)

-- ==
-- entry: add_i32
-- input { 100000i64 256i64 } output { true }
-- input { 1000i64 100000i64 } output { true }
-- input { 0i64 16i64 } output { true }

entry add_i32 (n: i64) (k: i64) : bool =
  let is = map (key k) (iota n)
  let vs = map (\i -> i32.i64 (i % 5) - 1) (iota n)
  in same (==) (hist (+) 0 k is vs) (seq_hist (+) 0 k is vs)

-- ==
-- entry: max_f32
-- input { 50000i64 100i64 } output { true }

entry max_f32 (n: i64) (k: i64) : bool =
  let is = map (key k) (iota n)
  let vs = map (\i -> f32.i64 (key 1009 i) - 500) (iota n)
  in same (==) (hist f32.max f32.lowest k is vs) (seq_hist f32.max f32.lowest k is vs)

-- ==
-- entry: min_u32
-- input { 50000i64 64i64 } output { true }

entry min_u32 (n: i64) (k: i64) : bool =
  let is = map (key k) (iota n)
  let vs = map (\i -> u32.i64 (key 100003 i)) (iota n)
  in same (==) (hist u32.min u32.highest k is vs) (seq_hist u32.min u32.highest k is vs)

-- ==
-- entry: add_i64_out_of_bounds
-- input { 60000i64 200i64 } output { true }

-- Keys from -10 to k + 9: those outside the bins are dropped.
entry add_i64_out_of_bounds (n: i64) (k: i64) : bool =
  let is = map (\i -> key (k + 20) i - 10) (iota n)
  let vs = map (\i -> i * 3) (iota n)
  in same (==) (hist (+) 0 k is vs) (seq_hist (+) 0 k is vs)

-- ==
-- entry: mul_i32
-- input { 40000i64 32i64 } output { true }
-- input { 300i64 5000i64 } output { true }

-- Multiplication has no atomic instruction: a compare-and-swap loop.
entry mul_i32 (n: i64) (k: i64) : bool =
  let is = map (key k) (iota n)
  let vs = map (\i -> if i % 7 == 0 then 3 else 1) (iota n)
  in same (==) (hist (*) 1 k is vs) (seq_hist (*) 1 k is vs)

-- ==
-- entry: add_f64_exact
-- input { 30000i64 128i64 } output { true }

-- Small integers in doubles add exactly in any order.
entry add_f64_exact (n: i64) (k: i64) : bool =
  let is = map (key k) (iota n)
  let vs = map (\i -> f64.i64 (i % 9) - 4) (iota n)
  in same (==) (hist (+) 0 k is vs) (seq_hist (+) 0 k is vs)

-- ==
-- entry: counts_2d
-- input { 20000i64 8i64 12i64 } output { true }

entry counts_2d (n: i64) (a: i64) (b: i64) : bool =
  let is = map (\i -> (key a i, key b (i / 3))) (iota n)
  let h = reduce_by_index_2d (replicate a (replicate b 0i32)) (+) 0 is (replicate n 1)
  let flat = seq_hist (+) 0 (a * b) (map (\(x, y) -> x * b + y) is) (replicate n 1)
  in same (==) (flatten h) flat
