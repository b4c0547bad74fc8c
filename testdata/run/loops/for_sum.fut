-- description: a for loop accumulating a sum of the loop index.
-- ==
-- input { 10 } output { 45 }
-- input { 0 } output { 0 }
-- input { -3 } output { 0 }

def main (n: i32) = loop acc = 0 for i < n do acc + i
