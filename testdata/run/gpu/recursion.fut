-- Recursive functions on the GPU back end: a call at the top level runs
-- the function's host code (its SOACs still kernels); a call from inside
-- a SOAC is evaluated by the host, since no device runs recursion.
-- ==
-- entry: halves
-- input { [1i64, 2, 3, 4, 5, 6, 7] } output { 28i64 }
-- input { empty([0]i64) } output { 0i64 }

-- Sums by splitting in two until the pieces are short, then reducing.
def halves_sum (xs: []i64) : i64 =
  if length xs <= 2 then reduce (+) 0 (map (* 1) xs)
  else let m = length xs / 2
       in halves_sum xs[:m] + halves_sum xs[m:]

entry halves (xs: []i64) : i64 = halves_sum xs

-- ==
-- entry: powers
-- input { 5i64 } output { 32i64 }

def pow2 (n: i64) : i64 = if n == 0 then 1 else 2 * pow2 (n - 1)

entry powers (n: i64) : i64 = pow2 n

-- ==
-- entry: per_element
-- input { [0i64, 3, 10] } output { [1i64, 8, 1024] }

entry per_element (ns: []i64) : []i64 = map pow2 ns

-- ==
-- entry: in_a_loop
-- input { 4i64 } output { [1i64, 2, 4, 8] }

entry in_a_loop (n: i64) : []i64 =
  loop acc = replicate n 0 for i < n do acc with [i] = pow2 i

-- ==
-- entry: depth_of_tree
-- input { 6i64 } output { 3i64 }

-- Recursion whose body maps the function itself over a range.
def depth (n: i64) : i64 =
  if n <= 1 then 1 else 1 + i64.maximum (map depth (iota (n / 2) |> map (+ 1)))

entry depth_of_tree (n: i64) : i64 = depth n
