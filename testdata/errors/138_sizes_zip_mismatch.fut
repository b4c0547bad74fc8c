-- Sizes do not match in a `zip` call.
-- ==
-- error: Sizes "n" and "m" do not match

def label [n][m] (keys: [n]i32) (vals: [m]f32) : [](i32, f32) =
  zip keys vals
