-- Anonymous size return where it must be known: entry point size used only in `n + 1`.
-- ==
-- error: only used non-constructively

entry tail_sum [n] (xs: [n + 1]f32) : f32 =
  f32.sum xs[1:]
