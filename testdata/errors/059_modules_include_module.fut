-- `include` of a module where a module type is expected.
-- ==
-- error: Unknown module type "base"

module base = {
  def one = 1i32
}

module type extended = {
  include base
  val two: i32
}
