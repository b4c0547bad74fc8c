-- Sizes do not match in application: `k + 1` elements given where `k` are required.
-- ==
-- error: Sizes "k" and "k \+ 1" do not match

def fill (k: i64) : [k]i32 =
  let g (xs: [k]i32) = map (+ 1) xs
  in g (replicate (k + 1) 0)
