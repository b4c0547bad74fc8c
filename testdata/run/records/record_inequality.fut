-- description: `!=` on records and records with float fields holding NaN (never equal).
-- ==
-- input { 1.0 } output { false true }
-- input { f64.nan } output { true true }

def main (x: f64) =
  let a = {v = x, k = 1i32}
  let b = {v = x, k = 2i32}
  in (a != a, a != b)
