-- description: closures capture variables of their defining scope, including arrays.
-- ==
-- input { [1, 2, 3] 10 } output { [11, 12, 13] [10, 20, 30] }
-- input { empty([0]i32) 5 } output { empty([0]i32) empty([0]i32) }

def make_adder (k: i32) = \x -> x + k

def main (xs: []i32) (k: i32) =
  let scale = \x -> x * k
  in (map (make_adder k) xs, map scale xs)
