-- description: modulo by a divisor that reaches zero in a loop.
-- ==
-- input { 3 } output { 3 }
-- input { 4 } error: division by zero|Cannot apply operator

-- Counts the i < n with 12 % (3 - i) == 0; fails once 3 - i is zero.
def main (n: i32) = loop c = 0 for i < n do if 12 % (3 - i) == 0 then c + 1 else c
