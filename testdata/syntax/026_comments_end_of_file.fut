-- Comments at the very end of a file, after the last declaration.

-- | A constant followed only by comments.
def pi_approx : f64 = 355.0 / 113.0

entry main (x: f64) : f64 = x * pi_approx -- multiply
-- trailing comment one
-- trailing comment two
--
-- last line without a trailing newline