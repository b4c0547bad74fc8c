-- Constructor arity mismatch in a pattern: `#rgb` carries three components, not two.
-- ==
-- error: Pattern #rgb expects 2 constructor arguments, but type provides 3 arguments

type pixel = #grey u8 | #rgb u8 u8 u8

def luminance (p: pixel) : u8 =
  match p
  case #grey g -> g
  case #rgb r g -> r / 2 + g / 2
