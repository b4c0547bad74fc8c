-- Decimal float literals with and without f16/f32/f64 suffixes.

def half_precision : f16 = 1.5f16
def single = 3.25f32
def double = 2.718281828f64
def plain = 0.5 -- unsuffixed decimal, defaults to f64

-- | Mix the three float widths by converting to f64.
entry mix (x: f32) : f64 =
  f64.f16 half_precision + f64.f32 (single * x) + double + plain

entry tiny : (f16, f32, f64) = (0.001f16, 0.000_1f32, 100.0f64)
