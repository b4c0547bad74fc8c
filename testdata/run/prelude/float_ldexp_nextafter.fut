-- description: f64.ldexp scales by powers of two; nextafter steps to the adjacent representable value.
-- ==
-- input { 1.5 4 } output { 24.0 1.5000000000000002 1.4999999999999998 }

def main (x: f64) (e: i32) = (f64.ldexp x e, f64.nextafter x 2, f64.nextafter x 0)
