-- description: `for x in xs` iterates over the elements of an array in order.
-- ==
-- input { [1, 2, 3, 4] } output { 4321 }
-- input { empty([0]i32) } output { 0 }

-- Builds the number whose digits are the elements, in reverse.
def main (xs: []i32) =
  let (r, _) = loop (acc, place) = (0, 1) for x in xs do (acc + x * place, place * 10)
  in r
