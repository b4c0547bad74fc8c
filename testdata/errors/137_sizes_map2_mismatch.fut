-- Sizes do not match in a `map2` call: prices and quantities have different sizes.
-- ==
-- error: Cannot apply "map2" to "qty"

def revenue [n][m] (prices: [n]f32) (qty: [m]f32) : f32 =
  map2 (*) prices qty |> f32.sum
