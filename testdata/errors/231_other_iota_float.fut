-- `iota` given a float literal.
-- ==
-- error: Cannot apply "iota" to "3.0"

def ticks (n: i64) : []i64 =
  iota 3.0 |> map (* n)
