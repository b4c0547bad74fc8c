-- error: unknown due to conditional expression(.|\n)*\[a\]f32(.|\n)*\[b\]f32
-- Branches whose lengths differ make a new size; the note shows both
-- branch types.
def either (c: bool) (a: i64) (b: i64) : [a]f32 =
  if c then replicate a 0f32 else replicate b 1f32
