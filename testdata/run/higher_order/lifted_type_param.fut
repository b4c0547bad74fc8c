-- description: lifted type parameters `'^a` let polymorphic functions take and return functions (but not from branches).
-- ==
-- input { 3 } output { 4 12 }

def first '^a '^b (x: a) (_: b) : a = x

def apply_twice '^f (g: f) (h: f -> i32 -> i32) (v: i32) = h g (h g v)

def main (v: i32) =
  (first (+ 1) (* 2) v, apply_twice (* 2) (\f x -> f x) v)
