-- description: record fields named like types or prelude functions (`i32`, `map`, `length`).
-- ==
-- input { 5 } output { 5 6 7 }

def main (x: i32) =
  let r = {i32 = x, map = x + 1, length = x + 2}
  in (r.i32, r.map, r.length)
