-- description: nested for loops computing a triangular count and a multiplication table sum.
-- ==
-- input { 4 } output { 10 100 }
-- input { 1 } output { 1 1 }

def main (n: i32) =
  let tri = loop c = 0 for i < n do loop c = c for _j < i + 1 do c + 1
  let table = loop s = 0 for i < n do loop s = s for j < n do s + (i + 1) * (j + 1)
  in (tri, table)
