-- Byte-string utilities: escaped strings, char patterns, slices and in-place updates.

-- | Header line used in a report, with tab and newline escapes.
def header = "name\tcount\n"

-- | A string containing quotes and a backslash: say "hi" \ bye.
def quoted = "say \"hi\" \\ bye"

-- | Classify a byte as whitespace.
def is_space (c: u8) : bool =
  match c
  case ' ' -> true
  case '\t' -> true
  case '\n' -> true
  case '\r' -> true
  case _ -> false

-- | Replace every tab by a space with an in-place update per index.
def detab [n] (s: [n]u8) : [n]u8 =
  loop s = copy s for i < n do
    if s[i] == '\t' then let s[i] = ' ' in s else s

-- | Reverse a string with a negative-stride slice.
def reverse_string (s: []u8) : []u8 = s[::-1]

-- | Count words: positions where a non-space follows a space (or the start).
def words [n] (s: [n]u8) : i64 =
  let starts = map (\i -> !(is_space s[i]) && (i == 0 || #[unsafe] is_space s[i - 1])) (iota n)
  in i64.sum (map i64.bool starts)

-- | Parse a decimal number from ASCII digits.
def parse_decimal (s: []u8) : i64 =
  loop acc = 0 for c in s do acc * 10 + i64.u8 (c - '0')

entry main (s: []u8) : ([]u8, []u8, i64) = (detab s, reverse_string s, words s)

entry constants : ([]u8, []u8, i64) = (copy header, copy quoted, parse_decimal "12345")
-- end of file
