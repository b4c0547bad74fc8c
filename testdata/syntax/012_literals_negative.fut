-- Negative literals and unary negation on many numeric types.

def neg_int = -1
def neg_i64 = -9_000i64
def neg_float = -2.5f32
def neg_exp : f64 = -1.5e-3

-- | Absolute value written with unary minus.
def abs_i32 (x: i32) : i32 = if x < 0 then -x else x

entry negatives : (i32, i64, f32, f64) = (neg_int, neg_i64, neg_float, neg_exp)

entry flip_signs (xs: []i32) : []i32 = map (\x -> -x) xs

entry abs_all (xs: []i32) : []i32 = map abs_i32 xs
