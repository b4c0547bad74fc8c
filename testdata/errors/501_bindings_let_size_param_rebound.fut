-- The size parameter `k` of the `let` is bound again by its pattern.
-- ==
-- error: also bound

def count (xs: []f32) : i64 =
  let [k] (k: [k]f32) = filter (> 0) xs
  in length k
