-- Constructing sum-type values: #red, #some 3, #circle 1.0f32.

type color = #red | #green | #blue
type shape = #circle f32 | #rect f32 f32 | #dot

def favourite : color = #red

def maybe_three : #none | #some i32 = #some 3

def unit_circle : shape = #circle 1.0f32

-- | Constructors with multiple payload values and computed arguments.
def square (s: f32) : shape = #rect s s

def shapes (x: f32) : []shape = [#circle x, #rect x (x * 2.0), #dot, unit_circle]

def area (s: shape) : f32 =
  match s
  case #circle r -> f32.pi * r * r
  case #rect w h -> w * h
  case #dot -> 0.0

entry main (x: f32) : (f32, f32) = (f32.sum (map area (shapes x)), area (square x))

entry fav : bool = favourite == #red && maybe_three == #some 3
