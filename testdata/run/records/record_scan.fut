-- description: scan over records: running count and running sum together.
-- ==
-- input { [5, 1, 2] } output { [1, 2, 3] [5, 6, 8] }
-- input { empty([0]i32) } output { empty([0]i32) empty([0]i32) }

def main (xs: []i32) =
  let rs = scan (\a b -> {c = a.c + b.c, s = a.s + b.s}) {c = 0, s = 0} (map (\x -> {c = 1, s = x}) xs)
  in (map (.c) rs, map (.s) rs)
