-- Use of an underscore-prefixed name: `_unused` is meant to be ignored, not read.
-- ==
-- error: Use of "_unused"

def first_of (pair: (i32, i32)) : i32 =
  let (x, _unused) = pair
  in x + _unused
