-- description: structural equality of records, including nested ones.
-- ==
-- input { 1 2 } output { true false }

def main (a: i32) (b: i32) =
  let r1 = {p = a, q = {z = b}}
  let r2 = {p = a, q = {z = b}}
  let r3 = r1 with q.z = b + 1
  in (r1 == r2, r1 == r3)
