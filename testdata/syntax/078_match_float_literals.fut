-- Match on floating-point literals, including suffixed ones.

def special (x: f32) : i32 =
  match x
  case 0.0f32 -> 0
  case 1.0f32 -> 1
  case 0.5 -> 2
  case 2.5e1 -> 3
  case _ -> -1

def rounding (x: f64) : f64 =
  match x
  case 0.25 -> 0.0
  case 0.75 -> 1.0
  case y -> f64.round y

entry main (xs: []f32) : []i32 = map special xs

entry rounded (xs: []f64) : []f64 = map rounding xs
