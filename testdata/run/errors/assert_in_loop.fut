-- description: an assertion checked on every iteration of a loop (accumulator must stay below a limit).
-- ==
-- input { [1, 2, 3] 10 } output { 6 }
-- input { [5, 5, 5] 10 } error: Assertion is false|acc \+ x <= limit

def main (xs: []i32) (limit: i32) =
  loop acc = 0 for x in xs do assert (acc + x <= limit) (acc + x)
