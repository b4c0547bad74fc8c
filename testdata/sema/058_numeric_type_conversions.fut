-- Conversions between numeric types via the type modules and bool.

def widen (x: u8) : i32 = i32.u8 x
def narrow (x: i64) : i16 = i16.i64 x
def flt (x: i32) : f64 = f64.i32 x
def from_bool (b: bool) : i32 = i32.bool b
def to_bool (x: i32) : bool = bool.i32 x
def half (x: f64) : f16 = f16.f64 x
