-- Size coercion misuse: `:>` can only change sizes, not the element type.
-- ==
-- error: Expression does not have expected type from explicit ascription

def as_floats [n] (xs: [n]i32) : [n]f32 =
  xs :> [n]f32
