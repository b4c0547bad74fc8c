-- Inclusive upward ranges: 1...n, over signed integer types.

def factorial (n: i64) : i64 = reduce (*) 1 (1...n)

def sum_inclusive (a: i32) (b: i32) : i32 = reduce (+) 0 (a...b)

-- | Character literals are integers, so they can bound a (signed) range.
def digits : []u8 = map u8.i32 ('0'...'9')

entry main (n: i64) : i64 = factorial n

entry sums (a: i32) (b: i32) : (i32, []u8) = (sum_inclusive a b, copy digits)

entry letters : []u8 = map u8.i16 ('a'...'z')

entry small_range : []i8 = (-3i8)...3
