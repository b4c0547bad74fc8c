-- `for x in` over something that is not an array.
-- ==
-- error: Types[[:space:]]+[^[:space:]]+[[:space:]]+and[[:space:]]+i64[[:space:]]+do not match

def sum_to (n: i64) : i64 =
  loop acc = 0 for x in n do acc + x
