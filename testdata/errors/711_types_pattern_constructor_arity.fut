-- A pattern gives a constructor two payloads where the type has one.
-- ==
-- error: differ in arity

type shape = #square f32 | #dot

def size (s: shape) : f32 =
  match s
  case #square side extra -> side + extra
  case #dot -> 0
