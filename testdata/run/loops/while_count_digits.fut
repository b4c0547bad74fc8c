-- description: a while loop that counts decimal digits, with a zero iteration case.
-- ==
-- input { 12345i64 } output { 5 }
-- input { 7i64 } output { 1 }
-- input { 0i64 } output { 0 }

def main (n: i64) =
  let (_, d) = loop (v, d) = (n, 0i32) while v > 0 do (v / 10, d + 1)
  in d
