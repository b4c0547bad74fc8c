-- description: a closure created inside a loop body captures that iteration's loop variable.
-- ==
-- input { 4 } output { 12 }
-- input { 0 } output { 0 }

-- Sum over i < n of (\x -> x + i) applied to i: 2 * (0 + 1 + 2 + 3).
def main (n: i32) =
  loop acc = 0 for i < n do
    let add_i = \x -> x + i
    in acc + add_i i
