-- The module type says the table has `n` rows; the module's table has one
-- more, a size that is fixed once defined.
-- ==
-- error: Sizes "n"

module type table = {
  val n : i64
  val rows : [n]f64
}

module squares : table = {
  def n = 4i64
  def rows : []f64 = map (\i -> f64.i64 (i * i)) (iota (n + 1))
}
