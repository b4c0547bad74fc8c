-- description: a record with many fields of different primitive types.
-- ==
-- input { } output { 1i8 2u16 3 4i64 5.0f32 6.0 true }

def main =
  let r = {a = 1i8, b = 2u16, c = 3i32, d = 4i64, e = 5f32, f = 6f64, g = true}
  in (r.a, r.b, r.c, r.d, r.e, r.f, r.g)
