-- description: numerical integration of x^2 on [0,1] with the midpoint rule in a loop.
-- ==
-- input { 4 } output { 0.328125 }
-- input { 1 } output { 0.25 }

def main (n: i32) =
  let h = 1 / f64.i32 n
  in loop s = 0 for i < n do
       let x = (f64.i32 i + 0.5) * h
       in s + x * x * h
