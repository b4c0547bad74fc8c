-- description: primality by trial division inside a map, then filter.
-- ==
-- input { 30i64 } output { [2i64, 3i64, 5i64, 7i64, 11i64, 13i64, 17i64, 19i64, 23i64, 29i64] }
-- input { 2i64 } output { empty([0]i64) }

def is_prime (x: i64) =
  x >= 2 && (loop (ok, d) = (true, 2i64) while ok && d * d <= x do (x % d != 0, d + 1)).0

def main (n: i64) = filter is_prime (iota n)
