-- Range written with `..`: inclusive ranges use `...`.
-- ==
-- error: use '\.\.\.' for ranges, not '\.\.'

def one_to (n: i64) : []i64 =
  1..n
