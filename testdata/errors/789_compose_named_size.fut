-- error: Cannot apply "pipe" to "replicate"
-- The application names the function and the argument whose named size
-- would be needed before it exists.
def pipe '^a '^b '^c (f: a -> b) (g: b -> c) (x: a) (y: a) : (c, c) = (g (f x), g (f y))
def main = let h = pipe replicate in h (\r -> length (r 0i32)) 1 2
