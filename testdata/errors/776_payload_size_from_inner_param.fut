-- error: constructor payload of a value bound outside this scope would have the size "k"
-- Matching an outer value inside a local function may not give its
-- payload a size that only the local function's parameter names.
def outer v =
  let inner (k: i64) (ys: [k]f64) =
    match v
    case #some (zs: [k]f64) -> map2 (+) ys zs
    case #none -> ys
  let _ = (v : (#some ([]f64) | #none))
  in inner
