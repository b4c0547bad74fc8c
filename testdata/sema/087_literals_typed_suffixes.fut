-- Literal suffixes and non-overloaded literals that overflow are allowed (they wrap).

def wraps : u8 = 300u8
def small : i8 = 127i8
def big = 5000000000i64
def h = 0xffu8
def b = 0b1010i32
def f = 1.5e3f32
def precise = 1e-300f64
