-- Type abbreviation with wrong arity: `matrix` needs an element type.
-- ==
-- error: Type constructor "matrix .a" used without any arguments

type matrix 'a = [3][3]a

def trace (m: matrix) : f32 = 0
