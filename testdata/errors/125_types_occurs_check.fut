-- Occurs check: applying a parameter to itself gives an infinite type.
-- ==
-- error: Occurs check

def self_apply f = f f

def main (x: i32) = x
