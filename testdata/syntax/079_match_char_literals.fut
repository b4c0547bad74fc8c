-- Match on character literals (which are integer code points).

-- | Classify a byte of source text.
def classify (c: u8) : i32 =
  match c
  case ' ' -> 0
  case '\t' -> 0
  case '\n' -> 1
  case '(' -> 2
  case ')' -> 3
  case '\'' -> 4
  case '\\' -> 5
  case _ -> if c >= 'a' && c <= 'z' then 6 else 7

-- | Count newlines in a string.
def lines (s: []u8) : i32 =
  reduce (+) 0 (map (\c -> match c case '\n' -> 1 case _ -> 0) s)

entry main (s: []u8) : []i32 = map classify s

entry line_count (s: []u8) : i32 = lines s + lines "one\ntwo\n"
