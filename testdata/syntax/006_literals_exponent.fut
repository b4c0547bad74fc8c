-- Float literals written with exponents (e/E, signed exponents, suffixes).

def thousand = 1e3
def small = 2.5e-3f32
def large = 1.0E10
def tiny : f64 = 1e-9f64
def plus_exp = 6.02e+23f64
def half_exp = 5e-1f16

-- | Scale a value by a few exponent-form constants.
entry scale (x: f32) : f32 = x * small + 1e2f32

entry constants : (f64, f64, f64, f64, f16) =
  (thousand, large, tiny, plus_exp, half_exp)
