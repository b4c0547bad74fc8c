-- error: Cannot bind \[k\] as it is never used as the size of a concrete
-- A size the pattern names only inside a function type cannot be read off
-- the bound function.
def pick =
  let [k] (g: [k]i32 -> i32) = (\(v: [4]i32) -> v[0])
  in k
