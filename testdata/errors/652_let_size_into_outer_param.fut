-- error: "k".*scope-violation
-- A variable bound by an inner let may not become an outer parameter's size.
def number (vs: []f32) =
  let k = 4 * 2
  in zip vs (iota k)
