-- Sum types: constructors with payloads and an exhaustive match.

type shape = #circle f32 | #rect f32 f32 | #point

def area (s: shape) : f32 =
  match s
  case #circle r -> f32.pi * r * r
  case #rect w h -> w * h
  case #point -> 0

def total_area (ss: []shape) : f32 = f32.sum (map area ss)

def example = total_area [#circle 1, #rect 2 3, #point]
