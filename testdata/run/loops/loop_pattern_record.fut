-- description: a loop with a record-typed state destructured in the loop pattern.
-- ==
-- input { 5 } output { 32 5 }
-- input { 0 } output { 1 0 }

def main (n: i32) =
  let r = loop {value, steps} = {value = 1, steps = 0} for _i < n do
            {value = value * 2, steps = steps + 1}
  in (r.value, r.steps)
