-- Character literals, including escapes, used as integer code points.

def letter_a : u8 = 'a'
def newline : u8 = '\n'
def tab : i32 = '\t'
def quote : u8 = '\''
def backslash : u8 = '\\'

-- | Is the byte an ASCII decimal digit?
def is_digit (c: u8) : bool = c >= '0' && c <= '9'

-- | Convert an upper-case ASCII letter to lower case.
def to_lower (c: u8) : u8 =
  if c >= 'A' && c <= 'Z' then c - 'A' + 'a' else c

entry count_digits (s: []u8) : i64 =
  length (filter is_digit s)

entry lower (s: []u8) : []u8 = map to_lower s

entry specials : (u8, u8, i32, u8, u8) = (letter_a, newline, tab, quote, backslash)
