-- A top-level definition only used with overloaded operators defaults to i32, with a warning.
-- ==
-- warning: Defaulting ambiguous type to i32

def twice_sum a b = (a + b) * 2

def main (x: i32) = twice_sum x 1
