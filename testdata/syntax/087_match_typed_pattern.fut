-- Typed patterns (x: t) in match cases and inside compound patterns.

def describe (x: i32) : i32 =
  match x
  case (0: i32) -> 0
  case (n: i32) -> n + 1

-- | Type annotations inside tuple and constructor patterns.
def extract (v: #num f32 | #pair (i32, i32)) : f32 =
  match v
  case #num (f: f32) -> f
  case #pair ((a: i32), (b: i32)) -> f32.i32 (a * b)

def first_of (p: (i64, bool)) : i64 =
  match p
  case ((i: i64), true) -> i
  case (_: (i64, bool)) -> -1

entry main (x: i32) (f: f32) (i: i64) : (i32, f32, i64) =
  (describe x, extract (#num f), first_of (i, x > 0))
