-- Small utility library imported by other files in the syntax corpus.

-- | Clamp a value to the closed interval [lo, hi].
def clamp (lo: f32) (hi: f32) (x: f32) : f32 = f32.max lo (f32.min hi x)

-- | Square of an integer.
def square (x: i32) : i32 = x * x

-- | Sum of an array of i32.
def sum (xs: []i32) : i32 = reduce (+) 0 xs

-- | The last element of a non-empty array.
def last 't (xs: []t) : t = xs[length xs - 1]

local def helper (x: i32) : i32 = x + 1

-- | Uses a local (non-exported) helper.
def succ_square (x: i32) : i32 = square (helper x)
