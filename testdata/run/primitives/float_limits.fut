-- description: float highest/lowest are the infinities; largest finite values via from_bits.
-- ==
-- entry: limits
-- input { } output { f32.inf -f32.inf f64.inf -f64.inf }

-- ==
-- entry: largest_finite
-- input { } output { 3.4028235e38f32 false }

entry limits = (f32.highest, f32.lowest, f64.highest, f64.lowest)

entry largest_finite =
  let m = f32.from_bits 0x7f7fffff
  in (m, f32.isinf m)
