-- description: f32 versions of exp, log, log2, sin, cos, atan2 and the qualified power operator `f32.**` (there is no f32.pow).
-- ==
-- input { 2.0f32 } output { 7.389056f32 0.6931472f32 1.0f32 0.9092974f32 -0.41614684f32 1.1071488f32 4.0f32 }

def main (x: f32) =
  (f32.exp x, f32.log x, f32.log2 x, f32.sin x, f32.cos x, f32.atan2 x 1, x f32.** 2)
