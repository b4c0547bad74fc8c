-- A `*` on a parameter whose type (through an abbreviation) holds no array is accepted with a warning.
-- ==
-- warning: has no effect

type score = f64

def bump (s: *score) : score = s + 1.0
