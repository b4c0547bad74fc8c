-- Numeric modules: i32.max, f32.sqrt, f64.isnan, conversions like u8.i32.

def clamp_byte (x: i32) : u8 = u8.i32 (i32.max 0 (i32.min 255 x))

def safe_sqrt (x: f32) : f32 = if x < 0 then 0 else f32.sqrt x

def clean (xs: []f64) : []f64 = map (\x -> if f64.isnan x then 0 else x) xs

def to_f32 (x: i64) : f32 = f32.i64 x
def to_i64 (x: f32) : i64 = i64.f32 x
def bits (x: f32) : u32 = f32.to_bits x
