-- description: sizes computed with arithmetic (`iota (n * 2)`), and unflatten back to [n][2].
-- ==
-- input { 3i64 } output { [[0i64, 1i64], [2i64, 3i64], [4i64, 5i64]] }

def main (n: i64) = unflatten (iota (n * 2) :> [n * 2]i64)
