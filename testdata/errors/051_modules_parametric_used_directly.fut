-- Functor used as a plain module: its components cannot be accessed without applying it.
-- ==
-- error: Cannot have parametric module here

module make_range (P: { val lo: i64 val hi: i64 }) = {
  def range = map (+ P.lo) (iota (P.hi - P.lo))
}

def r = make_range.range
