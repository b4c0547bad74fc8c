-- Identifiers with leading underscores (bound but never used) and wildcards.

-- | Underscore-prefixed names mark bindings that are intentionally unused;
-- Futhark forbids referring to them afterwards.
def first (x: i32) (_ignored: i32) : i32 = x

-- | A wildcard parameter needs no name at all.
def const_one (_: f32) : i32 = 1

entry main (xs: []i32) : []i32 =
  let doubled = map (* 2) xs
  let _total = i32.sum doubled -- computed for debugging only
  let (_lo, hi) = (0, 10)
  in map2 first doubled xs |> map (+ hi)

entry ones (xs: []f32) : []i32 =
  map (\_x -> 1) xs |> map2 (\a _b -> a) (map const_one xs)

entry pairs (xs: [](i32, i32)) : []i32 =
  map (\(a, _snd) -> a) xs
