-- Hexadecimal floating-point literals (the only file using them).

-- | 0x1.8p3 is 1.5 * 2^3 = 12.0.
def twelve = 0x1.8p3

def quarter : f32 = 0x1.0p-2f32
def big_hex : f64 = 0xA.Bp4f64

entry hexfloats : (f64, f32, f64) = (twelve, quarter, big_hex)
