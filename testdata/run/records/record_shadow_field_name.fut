-- description: local variables named like record fields do not interfere with projection.
-- ==
-- input { 10 } output { 10 11 }

def main (x: i32) =
  let r = {x = x + 1}
  let y = r.x
  in (x, y)
