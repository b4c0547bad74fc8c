-- description: lexicographic comparison of pairs implemented by hand.
-- ==
-- input { [1, 1, 2] [5, 3, 0] [1, 2, 1] [4, 3, 9] } output { [false, true, false] }
-- input { empty([0]i32) empty([0]i32) empty([0]i32) empty([0]i32) } output { empty([0]bool) }

def lt (a1: i32, b1: i32) (a2: i32, b2: i32) = a1 < a2 || (a1 == a2 && b1 < b2)

def main [n] (a: [n]i32) (b: [n]i32) (c: [n]i32) (d: [n]i32) =
  map2 lt (zip a b) (zip c d)
