-- description: equality and inequality on tuples compare component-wise.
-- ==
-- input { 1 2 } output { true false true }
-- input { 5 5 } output { true true true }

def main (a: i32) (b: i32) =
  ((a, b) == (a, b), (a, b) == (b, a), (a, true) != (a, false))
