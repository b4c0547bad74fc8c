-- Strided slices: a[::2], a[::-1], a[1:n:2] and negative strides.

def every_other (xs: []i32) : []i32 = xs[::2]

def reversed (xs: []i32) : []i32 = xs[::-1]

def odd_positions [n] (xs: [n]i32) : []i32 = xs[1:n:2]

-- | Every third element starting from the end.
def back_by_three (xs: []f32) : []f32 = xs[::-3]

-- | Palindrome check by comparing with the reversed slice.
def is_palindrome [n] (s: [n]u8) : bool = and (map2 (==) s (s[::-1] :> [n]u8))

entry main (xs: []i32) : ([]i32, []i32, []i32) = (every_other xs, reversed xs, odd_positions xs)

entry floats (xs: []f32) : []f32 = back_by_three xs

entry palindrome (s: []u8) : bool = is_palindrome s
