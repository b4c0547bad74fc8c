-- description: counting words in a byte string: a word starts where a non-space follows a space or the start.
-- ==
-- input { "the quick  brown fox" } output { 4 }
-- input { "   " } output { 0 }
-- input { "x" } output { 1 }

def main [n] (s: [n]u8) =
  reduce (+) 0 (map (\i -> i32.bool (s[i] != ' ' && (i == 0 || s[i - 1] == ' '))) (iota n))
