-- Digit-group underscores in decimal, hex, binary and float literals.

def million = 1_000_000
def billion : i64 = 1_000_000_000i64
def word = 0xFFFF_0000u32
def byte_pattern = 0b1111_0000u8
def precise = 3.141_592_653f64

entry scaled (x: i64) : i64 =
  x * billion + i64.i32 million -- a million added on top

entry patterns : (u32, u8, f64) = (word, byte_pattern, precise)
