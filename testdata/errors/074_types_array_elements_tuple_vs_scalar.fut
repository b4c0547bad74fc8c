-- Array literal elements of different types: a tuple next to plain numbers.
-- ==
-- error: Types[[:space:]]+\(i32, [^[:space:]]+\)[[:space:]]+and[[:space:]]+i32[[:space:]]+do not match

def points (x: i32) =
  [(x, 0), (0, x), x]
