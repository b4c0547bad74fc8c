-- Bit manipulation: xor, shifts, logical shifts, masks and hex/binary literals.

-- | Gray code of a 32-bit value.
#[inline]
def gray (x: u32) : u32 = x ^ (x >> 1)

-- | Rotate left using the logical shift from the u32 module.
def rotl (x: u32) (k: u32) : u32 = (x << k) | u32.(x >>> (32 - k))

-- | xorshift64 pseudo-random step.
#[noinline]
def xorshift (s: u64) : u64 =
  let s = s ^ (s << 13u64)
  let s = s ^ (s u64.>>> 7u64)
  in s ^ (s << 17u64)

-- | Parity of a byte: 1 if an odd number of bits is set.
def parity (b: u8) : u8 =
  let b = b ^ (b >> 4)
  let b = b ^ (b >> 2)
  let b = b ^ (b >> 1)
  in b & 0b0000_0001

-- | Is x a power of two?
def is_pow2 (x: i64) : bool = x > 0 && x & (x - 1) == 0

-- | Signed division and remainder rounding towards zero.
def trunc_divmod (a: i32) (b: i32) : (i32, i32) = (a // b, a %% b)

entry main (x: u32) : (u32, u32) = (gray x, rotl x 8)

entry random (seed: u64) (n: i64) : [n]u64 =
  let (out, _) = loop (out, s) = (replicate n 0u64, seed | 0x1u64) for i < n do
                   let s' = xorshift s in (out with [i] = s', s')
  in out

entry misc (b: u8) (x: i64) : (u8, bool, (i32, i32), i64) =
  (parity b, is_pow2 x, trunc_divmod (-7) 2, 2 ** 10)
-- the end
