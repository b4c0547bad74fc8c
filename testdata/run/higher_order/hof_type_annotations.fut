-- description: lambda parameters and results with explicit type annotations.
-- ==
-- input { [1, 2, 3] } output { [0.5, 1.0, 1.5] }

def main (xs: []i32) = map (\(x: i32) : f64 -> f64.i32 x / 2) xs
