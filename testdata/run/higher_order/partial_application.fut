-- description: partial application of curried functions, to one and to two arguments.
-- ==
-- input { [1, 2, 3] } output { [11, 12, 13] [6, 7, 8] }
-- input { empty([0]i32) } output { empty([0]i32) empty([0]i32) }

def add3 (a: i32) (b: i32) (c: i32) = a + b + c

def main (xs: []i32) =
  let add10 = add3 4 6
  let add_one_and = add3 1
  in (map add10 xs, map (add_one_and 4) xs)
