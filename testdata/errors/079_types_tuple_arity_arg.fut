-- Tuple arity: the function takes a pair but receives a triple.
-- ==
-- error: Cannot apply "dist"

def dist ((x, y): (f32, f32)) : f32 = f32.sqrt (x*x + y*y)

def d3 = dist (1, 2, 2)
