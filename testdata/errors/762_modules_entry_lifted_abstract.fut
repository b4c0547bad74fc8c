-- An entry point takes a value of a lifted abstract type, which may be a
-- function.
-- ==
-- error: may not be higher-order

module type predicate = {
  type^ pred
  val above : f32 -> pred
  val test : pred -> f32 -> bool
}

module preds : predicate = {
  type^ pred = f32 -> bool
  def above (t: f32) : pred = \x -> x > t
  def test (p: pred) (x: f32) = p x
}

entry check_value (p: preds.pred) (x: f32) : bool = preds.test p x
