-- Unknown constructor: matching `#circle` against a type whose constructors are #rect and #tri.
-- ==
-- error: Unshared constructors: .*#circle

type shape = #rect f32 f32 | #tri f32 f32

def area (s: shape) : f32 =
  match s
  case #rect w h -> w * h
  case #circle r -> 3.14 * r * r
  case #tri b h -> b * h / 2
