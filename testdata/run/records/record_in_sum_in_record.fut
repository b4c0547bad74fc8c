-- description: records nested in sum types nested in records.
-- ==
-- input { 2 } output { 4 }

type inner = {v: i32}
type wrapped = #w inner | #none
type outer = {payload: wrapped, factor: i32}

def main (x: i32) =
  let o : outer = {payload = #w {v = x}, factor = 2}
  in match o.payload
     case #w {v} -> v * o.factor
     case #none -> 0
