-- Prelude: take, drop and split.

def window [n] (k: i64) (xs: [n]f32) : [k]f32 = take k xs

def rest (k: i64) (xs: []f32) = drop k xs

def halves [n] (xs: [n + n]i32) : ([n]i32, [n]i32) = split xs

def split_at (k: i64) (xs: []u8) = (take k xs, drop k xs)
