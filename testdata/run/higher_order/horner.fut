-- description: polynomial evaluation with Horner's rule as a foldl, mapped over evaluation points.
-- ==
-- input { [1.0, -3.0, 2.0] [0.0, 1.0, 2.0, 3.0] } output { [2.0, 0.0, 0.0, 2.0] }
-- input { empty([0]f64) [5.0] } output { [0.0] }

-- Coefficients from highest degree down: x^2 - 3x + 2.
def horner (cs: []f64) (x: f64) = foldl (\acc c -> acc * x + c) 0 cs

def main (cs: []f64) (xs: []f64) = map (horner cs) xs
