-- Bitwise operators & | ^ << >> >>> and bitwise complement with !.

def set_bit (x: u32) (i: u32) : u32 = x | (1 << i)
def clear_bit (x: u32) (i: u32) : u32 = x & !(1 << i)
def toggle_bit (x: u32) (i: u32) : u32 = x ^ (1 << i)
def test_bit (x: u32) (i: u32) : bool = (x >> i) & 1 == 1

-- | The logical shift >>> lives in the integer modules; this makes it
-- available unqualified for i32.
def (>>>) (a: i32) (b: i32) : i32 = a i32.>>> b

-- | Arithmetic versus logical shift on a negative number, using >>>
-- unqualified, through a local open, and fully qualified.
def shifts (x: i32) : (i32, i32, i32) =
  (x >> 4, x >>> 4, i32.(x >>> 8))

-- | Population count by repeated clearing of the lowest set bit.
def popcount (x: u64) : i32 =
  let (_, n) = loop (y, n) = (x, 0) while y != 0 do (y & (y - 1), n + 1)
  in n

entry main (x: u32) : (u32, u32, u32, bool) =
  (set_bit x 3, clear_bit x 0, toggle_bit x 31, test_bit x 5)

entry shifted : (i32, i32, i32) = shifts (-256)

entry bits (x: u64) : (i32, u64, u64) = (popcount x, !x, x u64.>>> 1)
