-- Entry points may not be declared inside modules.
-- ==
-- error: Entry points may not be declared inside modules

module api = {
  def helper (x: f32) = x * 2
  entry run (xs: []f32) = map helper xs
}
