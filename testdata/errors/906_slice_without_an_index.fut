-- error: expected an index
-- A slice holds at least one index: `r[]` is not an expression.
def main (m: i64) = map (\j -> let r = j * 2 in r[] + 1) (iota m)
