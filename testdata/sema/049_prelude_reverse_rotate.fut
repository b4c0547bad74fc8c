-- Prelude: reverse and rotate.

def palindrome [n] (xs: [n]u8) : bool =
  all id (map2 (==) xs (reverse xs))

def shift_left [n] (k: i64) (xs: [n]i32) : [n]i32 = rotate k xs

def shift_right [n] (xs: [n]i32) : [n]i32 = rotate (-1) xs
