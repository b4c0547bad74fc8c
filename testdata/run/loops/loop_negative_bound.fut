-- description: `for i < n` with a negative n runs zero iterations (unlike ranges, it is not an error).
-- ==
-- input { -5i64 } output { 0 }
-- input { 3i64 } output { 3 }

def main (n: i64) = loop c = 0 for _i < n do c + 1
