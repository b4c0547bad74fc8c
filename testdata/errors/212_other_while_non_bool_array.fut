-- `while` loop with a non-bool condition: an array of bools is not a bool.
-- ==
-- error: Types[[:space:]]+bool[[:space:]]+and[[:space:]]+\[[^[:space:]]+\]bool[[:space:]]+do not match

def settle (flags: []bool) : i32 =
  loop n = 0i32 while flags do n + 1
