-- The function has two type parameters both called `t`.
-- ==
-- error: also bound

def pair 't 't (x: t) (y: t) : (t, t) = (x, y)
