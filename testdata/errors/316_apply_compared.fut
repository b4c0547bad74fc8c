-- Application: `v` is compared for equality, so it cannot also be applied as a function.
-- ==
-- error: compared for equality

def check v = (v != v, v 1)
