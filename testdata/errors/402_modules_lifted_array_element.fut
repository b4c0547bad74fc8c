-- An array of a lifted abstract type from a functor parameter: its values may be
-- functions, which arrays cannot hold.
-- ==
-- error: might contain function

module handlers (H: {type^ handler val run : handler -> i32 -> i32}) = {
  def run_all (hs: []H.handler) (x: i32) = map (\h -> H.run h x) hs
}
