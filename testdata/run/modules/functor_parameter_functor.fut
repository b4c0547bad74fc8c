-- description: a functor whose parameter is itself a functor, applied to named and
-- anonymous functors, and a module type with a functor spec.
-- ==
-- entry: apply_both
-- input { 5i64 } output { 20i64 7i64 6i64 }

module type step = { type s val step : s -> s }

module double_it (S: step) = { def go (x: S.s) = S.step (S.step x) }

module lift (G: (A: step) -> {val go : A.s -> A.s}) (B: step) = {
  open (G B)
  def again (x: B.s) = go (go x)
}

module incr = { type s = i64 def step (x: i64) = x + 1 }
module times2 = { type s = i64 def step (x: i64) = x * 2 }

module quad = lift double_it times2
module plus2 = lift (\(P: step) -> { def go (x: P.s) = P.step x }) incr

module type has_maker = { module make: (A: step) -> {val go : A.s -> A.s} }

module user (H: has_maker) = {
  module applied = H.make incr
  def run (x: i64) = applied.go x
}

module maker_impl : has_maker = { module make (A: step) = { def go (x: A.s) = A.step x } }
module used = user maker_impl

entry apply_both (x: i64) = (quad.go x, plus2.again x, used.run x)
