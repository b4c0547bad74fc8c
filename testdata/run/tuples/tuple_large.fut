-- description: a six-element tuple of mixed types returned from an entry point.
-- ==
-- input { 1 } output { 1 2i64 3.0f32 4u8 false [1, 1] }

def main (x: i32) =
  (x, i64.i32 x + 1, f32.i32 x + 2, u8.i32 x + 3, x > 1, replicate 2 x)
