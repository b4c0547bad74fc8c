-- Size parameter not used in any parameter: `[n]` cannot be determined.
-- ==
-- error: Size \[n\] unused in pattern

def scaled [n] (factor: f32) (x: f32) : f32 =
  factor * x
