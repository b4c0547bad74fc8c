-- description: complex arithmetic on (re, im) tuples: multiplication, powers and magnitude.
-- ==
-- input { 0.0 1.0 } output { -1.0 0.0 1.0 0.0 1.0 }
-- input { 1.0 1.0 } output { 0.0 2.0 -4.0 0.0 1.4142135623730951 }

type complex = (f64, f64)

def cmul ((a, b): complex) ((c, d): complex) : complex = (a * c - b * d, a * d + b * c)
def cpow (z: complex) (k: i32) : complex = loop acc = (1, 0) for _i < k do cmul acc z
def cabs ((a, b): complex) = f64.sqrt (a * a + b * b)

def main (re: f64) (im: f64) =
  let z = (re, im)
  let (sr, si) = cmul z z
  let (fr, fi) = cpow z 4
  in (sr, si, fr, fi, cabs z)
