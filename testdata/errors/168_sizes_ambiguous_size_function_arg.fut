-- Ambiguous size: a size only used in a function-typed parameter cannot be inferred.
-- ==
-- error: Ambiguous size

def probe [n] (g: [n]f32 -> f32) : i64 = n

def main = probe (\xs -> xs[0])
