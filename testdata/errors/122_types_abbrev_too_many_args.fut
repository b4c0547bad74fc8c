-- Type abbreviation with wrong arity: `point` takes no parameters.
-- ==
-- error: requires 0 arguments, but provided 1

type point = {x: f64, y: f64}

def origin : point f64 = {x = 0, y = 0}
