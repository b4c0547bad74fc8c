-- Enumeration-style sum types (constructors without payloads) and matching.

type color = #red | #green | #blue

def next (c: color) : color =
  match c
  case #red -> #green
  case #green -> #blue
  case #blue -> #red

def to_rgb (c: color) : (u8, u8, u8) =
  match c
  case #red -> (255, 0, 0)
  case #green -> (0, 255, 0)
  case #blue -> (0, 0, 255)

def from_index (i: i32) : color =
  match i % 3
  case 0 -> #red
  case 1 -> #green
  case _ -> #blue

entry main (xs: []i32) : [](u8, u8, u8) = map (\i -> to_rgb (next (from_index i))) xs

entry same (a: i32) (b: i32) : bool = from_index a == from_index b
