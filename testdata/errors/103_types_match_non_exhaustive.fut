-- Non-exhaustive match: the `#blue` case is missing.
-- ==
-- error: Unmatched cases in match expression

type colour = #red | #green | #blue

def to_rgb (c: colour) : (u8, u8, u8) =
  match c
  case #red -> (255, 0, 0)
  case #green -> (0, 255, 0)
