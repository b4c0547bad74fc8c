-- description: per-element while loops of different trip counts inside a map (Collatz stopping times).
-- ==
-- input { [1, 2, 3, 6, 7, 27] } output { [0, 1, 7, 8, 16, 111] }
-- input { empty([0]i32) } output { empty([0]i32) }

def steps (n: i32) =
  (loop (x, s) = (n, 0) while x != 1 do (if x % 2 == 0 then x / 2 else 3 * x + 1, s + 1)).1

def main (xs: []i32) = map steps xs
