-- Type ascriptions on expressions: e : t, to fix literal types and sizes.

def as_i64 = 5 : i64

def as_u8 = (255 : u8)

-- | Ascription selects the float type of an arithmetic expression.
def half = (1.0 + 2.0 : f32) / 2.0

-- | Ascribing a sum-type constructor.
def red = #red : #red | #green

-- | Ascription with a known array size.
def three_zeros = replicate 3 0 : [3]i32

def scale (x: f32) : f32 = (x * 2.0 : f32) + (1 : f32)

entry main (x: f32) : (i64, u8, f32, f32, [3]i32) = (as_i64, as_u8, half, scale x, copy three_zeros)

entry is_red : bool = red == (#red : #red | #green)
