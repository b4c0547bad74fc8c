-- description: a failed `assert` stops evaluation; the interpreter reports the asserted condition.
-- ==
-- input { 4.0 } output { 2.0 }
-- input { -4.0 } error: Assertion is false|x >= 0

def main (x: f64) = assert (x >= 0) (f64.sqrt x)
