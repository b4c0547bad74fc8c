-- description: record patterns in `for ... in` loops over arrays of records.
-- ==
-- input { [1, 2, 3] [4, 5, 6] } output { 32 }
-- input { empty([0]i32) empty([0]i32) } output { 0 }

def main [n] (as: [n]i32) (bs: [n]i32) =
  let rs = map2 (\a b -> {a, b}) as bs
  in loop acc = 0 for {a, b} in rs do acc + a * b
