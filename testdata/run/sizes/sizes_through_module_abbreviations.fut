-- description: sizes bound or checked through a module's type abbreviations
-- (`M.t [n]` in a pattern binds `n`; `:> M.fixed` checks the module's size),
-- and sizes the checker knows only as expressions (`i64.i32 n * 2`) given to
-- a function that only its result type determines.
-- ==
-- entry: bind
-- input { [1, 2, 3] } output { 3i64 6i64 }

-- ==
-- entry: check
-- input { 3i64 } output { [0i64, 1i64, 2i64] }
-- input { 2i64 } error: cannot match shape

-- ==
-- entry: halves
-- input { 2 [1, 2, 3, 4] } output { [[1, 2], [3, 4]] }
-- input { 1 [1, 2, 3, 4] } error: cannot match shape

module M = {
  type t [n] = [n]i32
  def k = 3i64
  type fixed = [k]i64
  def wrap [n] (xs: [n]i32) : t [n] = xs
}

entry bind (xs: []i32) =
  let [n] (ys: M.t [n]) = M.wrap xs
  let f [m] (_: M.t [m]) = m * 2
  in (n, f ys)

entry check (n: i64) = iota n :> M.fixed

def pairs 't (n: i32) : [i64.i32 n * 2]t -> [][2]t = unflatten

entry halves (n: i32) (xs: []i32) = pairs n (xs :> [i64.i32 n * 2]i32)
