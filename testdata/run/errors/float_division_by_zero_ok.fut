-- description: float division by zero is not an error; it yields infinities or NaN.
-- ==
-- input { 1.0 0.0 } output { f64.inf }
-- input { 0.0 0.0 } output { f64.nan }

def main (a: f64) (b: f64) = a / b
