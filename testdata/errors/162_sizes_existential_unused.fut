-- Existential size not used as an array size.
-- ==
-- error: Existential size "n" not used as array size

def has_any (xs: []i32) : ?[n].bool =
  any (> 0) xs
