-- Size coercion misuse: coercing to [4] where the return type demands [3].
-- ==
-- error: Sizes "3" and "4" do not match

def first3 [n] (xs: [n]f32) : [3]f32 =
  take 3 xs :> [4]f32
