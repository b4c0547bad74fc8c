-- description: a loop with a three-component tuple state (min, max, count) over elements.
-- ==
-- input { [4, -2, 9, 0] } output { -2 9 4 }
-- input { empty([0]i32) } output { 2147483647 -2147483648 0 }

def main (xs: []i32) =
  loop (lo, hi, c) = (i32.highest, i32.lowest, 0) for x in xs do
    (i32.min lo x, i32.max hi x, c + 1)
