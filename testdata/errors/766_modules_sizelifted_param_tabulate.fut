-- Inside a functor, the parameter's size-lifted type cannot be the element
-- type of `tabulate`.
-- ==
-- error: is lifted

module table (P: {type~ row val row_of : i64 -> row}) = {
  def rows (n: i64) = tabulate n P.row_of
}
