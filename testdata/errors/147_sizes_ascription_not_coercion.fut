-- Size ascription `:` (not `:>`) with a size that does not match.
-- ==
-- error: Sizes "4" and "k" do not match

def zeros (n: i64) : [n]i32 = replicate n 0

def four =
  let k = 3
  in zeros k : [4]i32
