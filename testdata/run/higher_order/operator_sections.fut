-- description: left and right operator sections `(x -)`, `(/ y)`, and backticked functions as sections. Note `(- x)` is negation, not a section.
-- ==
-- input { 10 3 } output { 7 3 1 3 10 -10 }
-- input { -7 2 } output { -9 -4 1 -7 2 7 }

def main (a: i32) (b: i32) =
  let sub_from_a = (a -)
  let div_by_b = (/ b)
  in (sub_from_a b, div_by_b a, (% b) a, (a `i32.min`) b, (`i32.max` a) b, (- a))
