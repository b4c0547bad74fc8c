-- description: a type abbreviation for a record and functions over it.
-- ==
-- input { 2.0 3.0 4.0 5.0 } output { 6.0 8.0 -2.0 23.0 }

type vec2 = {x: f64, y: f64}

def add (a: vec2) (b: vec2) : vec2 = {x = a.x + b.x, y = a.y + b.y}
def cross (a: vec2) (b: vec2) = a.x * b.y - a.y * b.x
def dot (a: vec2) (b: vec2) = a.x * b.x + a.y * b.y

def main (ax: f64) (ay: f64) (bx: f64) (by: f64) =
  let a = {x = ax, y = ay}
  let b = {x = bx, y = by}
  let s = add a b
  in (s.x, s.y, cross a b, dot a b)
