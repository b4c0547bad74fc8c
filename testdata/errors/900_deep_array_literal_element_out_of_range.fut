-- Literal out of range: the third of a row of unsuffixed numbers is too big for u8.
-- ==
-- error: Literal 300 out of bounds for inferred type u8

def levels : []u8 = [10, 20, 300, 40, 50]

def total = u8.sum levels
