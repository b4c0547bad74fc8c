-- Literals: chars are u8 code points and strings are arrays of u8.

def is_digit (c: u8) : bool = c >= '0' && c <= '9'

def hello : []u8 = "hello, world"

def count_l (s: []u8) : i64 = s |> filter (== 'l') |> length

def n = count_l hello + count_l "lollipop"
