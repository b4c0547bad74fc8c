-- description: updating several fields in sequence, each `with` seeing the previous update.
-- ==
-- input { } output { 2 4 }

def main =
  let r = {a = 1, b = 0}
  let r = r with a = r.a + 1
  let r = r with b = r.a * 2
  in (r.a, r.b)
