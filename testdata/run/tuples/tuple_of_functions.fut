-- description: a tuple holding functions, destructured and applied.
-- ==
-- input { 9.0 } output { 3.0 81.0 }

def main (x: f64) =
  let (f, g) = (f64.sqrt, \y -> y * y)
  in (f x, g x)
