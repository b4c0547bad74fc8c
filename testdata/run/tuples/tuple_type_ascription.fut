-- description: type ascriptions on tuple patterns and tuple expressions steer literal types.
-- ==
-- input { } output { 1u8 2i64 3.0f32 }

def main =
  let (a, b) : (u8, i64) = (1, 2)
  let c = (3 : f32)
  in (a, b, c)
