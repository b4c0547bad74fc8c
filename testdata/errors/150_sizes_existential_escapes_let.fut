-- Size going out of scope: `m` is bound in the let, so the returned function's parameter size is unknown.
-- ==
-- error: going out of scope

def restrict (k: i64) =
  let [m] (evens: [m]i64) = filter (\x -> x % 2 == 0) (iota k)
  in \(ws: [m]f32) -> map2 (\w e -> w * f32.i64 e) ws evens
