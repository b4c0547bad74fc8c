-- Operator operand types: multiplying an f64 by an i64 index.
-- ==
-- error: Cannot apply "map" to "\(iota n\)"

def ramp (n: i64) : []f64 =
  map (\i -> 0.5f64 * i) (iota n)
