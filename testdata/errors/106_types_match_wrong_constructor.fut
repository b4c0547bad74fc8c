-- Match on wrong constructor: `#nothing` is not a constructor of `maybe_f32`.
-- ==
-- error: Unshared constructors

type maybe_f32 = #just f32 | #none

def get_or (d: f32) (m: maybe_f32) : f32 =
  match m
  case #just x -> x
  case #nothing -> d
