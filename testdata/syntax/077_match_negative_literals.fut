-- Match on negative integer and float literals.

def sign_name (x: i32) : i32 =
  match x
  case -1 -> 100
  case 0 -> 200
  case 1 -> 300
  case -2 -> 400
  case _ -> 0

def neg_float (x: f64) : bool =
  match x
  case -1.0 -> true
  case -0.5 -> true
  case _ -> false

-- | Negative suffixed literal pattern.
def neg_i8 (x: i8) : i8 =
  match x
  case -128i8 -> 127
  case v -> -v

entry main (xs: []i32) : []i32 = map sign_name xs

entry floats (x: f64) (y: i8) : (bool, i8) = (neg_float x, neg_i8 y)
