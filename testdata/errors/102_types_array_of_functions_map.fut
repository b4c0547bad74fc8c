-- Arrays of functions are not allowed, also when produced by `map`.
-- ==
-- error: found to be functional

def adders (ks: []i32) =
  map (\k -> \x -> x + k) ks
