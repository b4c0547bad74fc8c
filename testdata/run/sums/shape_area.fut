-- description: a sum type of shapes with payloads, and match computing areas.
-- ==
-- input { 0 2.0 3.0 } output { 6.0 }
-- input { 1 2.0 0.0 } output { 12.566370614359172 }
-- input { 2 3.0 4.0 } output { 6.0 }

type shape = #rect f64 f64 | #circle f64 | #triangle f64 f64

def area (s: shape) : f64 =
  match s
  case #rect w h -> w * h
  case #circle r -> f64.pi * r * r
  case #triangle b h -> b * h / 2

def main (kind: i32) (a: f64) (b: f64) =
  let s : shape = if kind == 0 then #rect a b else if kind == 1 then #circle a else #triangle a b
  in area s
