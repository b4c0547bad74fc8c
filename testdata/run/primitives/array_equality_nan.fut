-- description: array equality compares elements with `==`, so arrays containing NaN are not equal to themselves.
-- ==
-- input { [1.0f32, 2.0f32] } output { true false }
-- input { [f32.nan] } output { false true }

def main (xs: []f32) = (xs == xs, xs != xs)
