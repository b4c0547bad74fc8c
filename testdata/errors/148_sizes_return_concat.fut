-- Sizes: concatenation gives `n + n`, but the return type promises n.
-- ==
-- error: Sizes "n" and "n \+ n" do not match

def mirror [n] (xs: [n]f32) : [n]f32 =
  xs ++ reverse xs
