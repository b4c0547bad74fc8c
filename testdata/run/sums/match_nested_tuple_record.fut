-- description: a deeply nested pattern combining tuples, records, constructors and literals.
-- ==
-- input { 1 2 } output { 3 }
-- input { 0 2 } output { 20 }
-- input { 1 0 } output { -1 }

type t = #node {left: i32, right: (i32, bool)}

def f (x: t) =
  match x
  case #node {left = 0, right = (r, _)} -> r * 10
  case #node {left, right = (0, _)} -> -left
  case #node {left, right = (r, true)} -> left + r
  case #node {left = _, right = (_, false)} -> 0

def main (a: i32) (b: i32) = f (#node {left = a, right = (b, true)})
