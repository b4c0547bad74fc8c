-- Entry points: a top-level `main` is an entry point even without `entry`, so it may not take a function.
-- ==
-- error: Entry point functions may not be higher-order

def main (scale: f64 -> f64) (xs: []f64) : []f64 = map scale xs
