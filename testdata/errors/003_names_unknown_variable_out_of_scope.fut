-- Unknown variable: `acc` is a loop parameter, not visible after the loop.
-- ==
-- error: Unknown name "acc"

def count_positive (xs: []i32) : i64 =
  let n = loop acc = 0i64 for x in xs do
            if x > 0 then acc + 1 else acc
  in n + acc
