-- A function parameter written as a literal only matches one value: refused as refutable.
-- ==
-- error: Refutable pattern

def step (n: i32) 0 = n + 1
