-- Logical/bitwise not `!` applied to a float.
-- ==
-- error: must be one of bool, i8, i16, i32, i64, u8, u16, u32, u64[[:space:]]+due to logical negation

def invert (xs: []f32) : []f32 =
  map (\x -> !x) xs
