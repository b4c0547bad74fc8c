-- description: not an error: integer overflow wraps silently (no trap) in every operation.
-- ==
-- input { 2147483647 } output { -2147483648 -2 2 }

def main (x: i32) = (x + 1, x * 2, -x - x)
