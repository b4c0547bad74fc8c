-- Integer literals carrying every signed and unsigned type suffix.

def a = 127i8
def b = 32767i16
def c = 2147483647i32
def d = 42i64
def e = 255u8
def f = 65535u16
def g = 4294967295u32
def h = 18446744073709551615u64

-- | Widen every suffixed literal to i64 and add them up (wrapping).
entry widen_all : i64 =
  i64.i8 a + i64.i16 b + i64.i32 c + d
  + i64.u8 e + i64.u16 f + i64.u32 g + i64.u64 h

entry unsigned_mix (x: u8) : (u16, u32, u64) =
  (u16.u8 x + 1u16, u32.u8 x * 2u32, u64.u8 x << 3u64)
