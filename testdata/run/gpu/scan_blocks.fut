-- Scans long enough that the OpenCL back end cuts them into blocks of
-- several tiles each, with lengths that fill no tile exactly; operators
-- that do not commute (affine maps composed, "the last non-zero value")
-- must see their operands in order. Each result is compared with a
-- sequential loop.

def seq_scan 't [n] (op: t -> t -> t) (ne: t) (xs: [n]t) : [n]t =
  let (out, _) =
    loop (out, acc) = (replicate n ne, ne) for i < n do
      let acc' = op acc xs[i]
      in (out with [i] = acc', acc')
  in out

def same 't [n] (eq: t -> t -> bool) (xs: [n]t) (ys: [n]t) : bool =
  and (map2 eq xs ys)

-- ==
-- entry: add_i32
-- input { 100000i64 } output { true }
-- input { 2049i64 } output { true }
-- input { 1i64 } output { true }
-- input { 0i64 } output { true }

entry add_i32 (n: i64) : bool =
  let xs = map (\i -> i32.i64 (i % 7) - 3) (iota n)
  in same (==) (scan (+) 0 xs) (seq_scan (+) 0 xs)

-- ==
-- entry: affine
-- input { 70001i64 } output { true }
-- input { 300i64 } output { true }

-- (a, b) is x -> a * x + b; composing them is associative, not commutative.
entry affine (n: i64) : bool =
  let compose (a1: i64, b1: i64) (a2: i64, b2: i64) = (a1 * a2, b1 * a2 + b2)
  let xs = map (\i -> (1 + i % 3, i % 11 - 5)) (iota n)
  in same (\(a, b) (c, d) -> a == c && b == d)
          (scan compose (1, 0) xs)
          (seq_scan compose (1, 0) xs)

-- ==
-- entry: last_nonzero
-- input { 65537i64 } output { true }

entry last_nonzero (n: i64) : bool =
  let pick (a: f32) (b: f32) = if b != 0 then b else a
  let xs = map (\i -> if i % 13 == 0 then f32.i64 i else 0) (iota n)
  in same (==) (scan pick 0 xs) (seq_scan pick 0 xs)

-- ==
-- entry: max_f64
-- input { 40000i64 } output { true }

entry max_f64 (n: i64) : bool =
  let xs = map (\i -> f64.i64 ((i * 7919) % 10007)) (iota n)
  in same (==) (scan f64.max f64.lowest xs) (seq_scan f64.max f64.lowest xs)
