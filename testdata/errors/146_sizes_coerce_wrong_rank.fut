-- Size coercion misuse: `:>` cannot change the rank of an array.
-- ==
-- error: Expression does not have expected type from explicit ascription

def flatten_to [n][m] (xss: [n][m]i32) : [n*m]i32 =
  xss :> [n*m]i32
