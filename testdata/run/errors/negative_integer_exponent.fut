-- description: an integer power with a negative exponent is a run-time error in the interpreter.
-- ==
-- input { 2 3 } output { 8 }
-- input { 2 -1 } error: Cannot apply operator|negative exponent

def main (b: i32) (e: i32) = b ** e
