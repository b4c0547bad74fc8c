-- Unknown module type: `monoid` was never declared.
-- ==
-- error: Unknown module type "monoid"

module sum_i32 : monoid = {
  type t = i32
  def ne : t = 0
  def op (a: t) (b: t) : t = a + b
}
