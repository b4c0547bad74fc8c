-- `while` loop with a non-bool condition.
-- ==
-- error: Types[[:space:]]+bool[[:space:]]+and[[:space:]]+i32[[:space:]]+do not match

def halvings (x: i32) : i32 =
  let (_, steps) =
    loop (v, steps) = (x, 0) while v do
      (v / 2, steps + 1)
  in steps
