-- String literals with escape sequences; strings are []u8 arrays.

def greeting = "hello, world"
def escaped = "a\"b\n"
def with_tab = "col1\tcol2\\path"
def empty_string : []u8 = ""

-- | Count occurrences of a byte in a string.
def count_byte (c: u8) (s: []u8) : i64 =
  i64.sum (map (\x -> if x == c then 1 else 0) s)

entry lines_in_escaped : i64 = count_byte '\n' escaped

entry lengths : (i64, i64, i64, i64) =
  (length greeting, length escaped, length with_tab, length empty_string)

entry concat_greeting (name: []u8) : []u8 = greeting ++ " and " ++ name
