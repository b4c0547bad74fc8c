-- Hexadecimal and binary integer literals, with and without suffixes.

def mask = 0xFF
def upper = 0xABCDu16
def lower_hex = 0xdeadbeefu32
def bits = 0b1010
def flags : u8 = 0b1000_0001u8
def big_hex : u64 = 0xFFFF_FFFF_FFFF_FFFFu64
def capital_x = 0XFFi64
def capital_b = 0B11i16

-- | Extract the low nibble and combine with a binary constant.
entry low_nibble (x: i32) : i32 = (x & 0x0F) | (bits << 4)

entry constants : (i32, u16, u32, u8, u64, i64, i16) =
  (mask, upper, lower_hex, flags, big_hex, capital_x, capital_b)
