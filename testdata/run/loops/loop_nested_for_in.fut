-- description: nested `for x in` loops over two arrays counting pairs with equal values.
-- ==
-- input { [1, 2, 2] [2, 3, 2, 1] } output { 5 }
-- input { empty([0]i32) [1] } output { 0 }

def main (xs: []i32) (ys: []i32) =
  loop c = 0 for x in xs do loop c = c for y in ys do if x == y then c + 1 else c
