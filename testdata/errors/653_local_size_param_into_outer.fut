-- error: "m".*scope-violation
-- A local function's size parameter may not become an outer parameter's size.
def outer (vs: []u8) =
  let inner [m] (ws: [m]u8) = map2 (+) ws vs
  in inner
