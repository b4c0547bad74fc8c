-- description: a for loop nested in a while loop (summing digits repeatedly: digital root).
-- ==
-- input { 99999 } output { 9 }
-- input { 5 } output { 5 }
-- input { 0 } output { 0 }

def digit_sum (x: i32) : i32 =
  let (s, _) = loop (s, v) = (0, x) for _i < 10 do (s + v % 10, v / 10)
  in s

def main (x: i32) = loop v = x while v >= 10 do digit_sum v
