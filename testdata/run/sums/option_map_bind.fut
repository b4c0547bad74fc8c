-- description: map and bind over an option type, chaining safe square root and safe reciprocal.
-- ==
-- input { 4.0 } output { true 0.5 }
-- input { 0.0 } output { false 0.0 }
-- input { -4.0 } output { false 0.0 }

type opt 'a = #none | #some a

def bind 'a 'b (o: opt a) (f: a -> opt b) : opt b = match o case #none -> #none case #some x -> f x

def safe_sqrt (x: f64) : opt f64 = if x < 0 then #none else #some (f64.sqrt x)
def safe_recip (x: f64) : opt f64 = if x == 0 then #none else #some (1 / x)

def main (x: f64) =
  match bind (safe_sqrt x) safe_recip
  case #some v -> (true, v)
  case #none -> (false, 0)
