-- description: a record as loop state, updated with `with` each iteration.
-- ==
-- input { 4 } output { 4 10 24 }
-- input { 0 } output { 0 0 1 }

def main (n: i32) =
  let r = loop r = {count = 0, sum = 0, prod = 1} for i < n do
            r with count = r.count + 1
              with sum = r.sum + i + 1
              with prod = r.prod * (i + 1)
  in (r.count, r.sum, r.prod)
