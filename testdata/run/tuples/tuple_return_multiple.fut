-- description: functions returning tuples (quotient/remainder, min/max) and their use.
-- ==
-- input { 17 5 } output { 3 2 5 17 }
-- input { -17 5 } output { -4 3 -17 5 }

def divmod (a: i32) (b: i32) = (a / b, a % b)
def order (a: i32) (b: i32) = if a <= b then (a, b) else (b, a)

def main (a: i32) (b: i32) =
  let (q, r) = divmod a b
  let (lo, hi) = order a b
  in (q, r, lo, hi)
