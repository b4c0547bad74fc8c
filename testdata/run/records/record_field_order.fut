-- description: record types are equal regardless of field order in the literal.
-- ==
-- input { } output { true 1 2 }

def main =
  let r : {a: i32, b: i32} = {b = 2, a = 1}
  let s : {b: i32, a: i32} = {a = 1, b = 2}
  in (r == s, r.a, r.b)
