-- error: incompatible regarding consuming their arguments
-- `map`'s function does not consume its argument, so an anonymous
-- function whose parameter is unique cannot be passed to it.
def bump (rows: *[][]i64) : [][]i64 =
  map (\(row: *[]i64) -> row with [0] = 1) rows
