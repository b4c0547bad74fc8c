-- description: a record with fields 0 and 1 is the same type as a pair.
-- ==
-- input { 4 5 } output { 4 5 9 }

def main (a: i32) (b: i32) =
  let t : (i32, i32) = {0 = a, 1 = b}
  let r : {0: i32, 1: i32} = (a, b)
  in (t.0, r.1, t.0 + r.1)
