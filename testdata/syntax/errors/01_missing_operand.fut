-- A binary operator with nothing on its right; the next definition still parses.
def f (x: i32) = x +

def g = 1
