-- Functor application in both styles: F(M) and F M, and applying to a literal module.

module type monoid = {
  type t
  val ne : t
  val op : t -> t -> t
}

module sum_i32 = { type t = i32 def ne = 0i32 def op (a: i32) (b: i32) = a + b }
module max_f32 = { type t = f32 def ne = f32.lowest def op (a: f32) (b: f32) = f32.max a b }

module reducer (M: monoid) = {
  def reduce_all (xs: []M.t) : M.t = reduce M.op M.ne xs
  def scan_all (xs: []M.t) : []M.t = scan M.op M.ne xs
}

-- | Parenthesised argument.
module sum_reducer = reducer(sum_i32)

-- | Juxtaposed argument.
module max_reducer = reducer max_f32

-- | Applying the functor to an anonymous module expression.
module prod_reducer = reducer { type t = i64 def ne = 1i64 def op (a: i64) (b: i64) = a * b }

entry main (xs: []i32) (ys: []f32) (zs: []i64) : (i32, f32, i64, []i32) =
  ( sum_reducer.reduce_all xs
  , max_reducer.reduce_all ys
  , prod_reducer.reduce_all zs
  , sum_reducer.scan_all xs
  )
