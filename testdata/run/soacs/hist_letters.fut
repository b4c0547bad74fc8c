-- description: histogram of lower-case letters in a byte string.
-- ==
-- input { "hello" } output { 1 1 2 1 }
-- input { "zzz" } output { 0 0 0 0 }

def main (s: []u8) =
  let counts = hist (+) 0 26 (map (\c -> i64.u8 (c - 'a')) s) (map (const 1i32) s)
  in (counts['e' - 'a'], counts['h' - 'a'], counts['l' - 'a'], counts['o' - 'a'])
