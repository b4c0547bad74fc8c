-- Named sum types: type shape = #circle f32 | #rect f32 f32.

type shape = #circle f32 | #rect f32 f32 | #triangle f32 f32 f32

def perimeter (s: shape) : f32 =
  match s
  case #circle r -> 2.0 * f32.pi * r
  case #rect w h -> 2.0 * (w + h)
  case #triangle a b c -> a + b + c

-- | Heron's formula for the triangle case.
def area (s: shape) : f32 =
  match s
  case #circle r -> f32.pi * r * r
  case #rect w h -> w * h
  case #triangle a b c ->
    let p = (a + b + c) / 2.0
    in f32.sqrt (p * (p - a) * (p - b) * (p - c))

-- | An anonymous sum type in a parameter.
def describe (d: #north | #south | #east | #west) : i32 =
  match d
  case #north -> 0
  case #south -> 1
  case _ -> 2

entry main (r: f32) : (f32, f32, i32) =
  let shapes : [3]shape = [#circle r, #rect r r, #triangle 3.0 4.0 5.0]
  in (f32.sum (map perimeter shapes), f32.sum (map area shapes), describe #east)
