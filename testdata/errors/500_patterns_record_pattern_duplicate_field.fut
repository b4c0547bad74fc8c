-- A record pattern matches the field `lo` twice.
-- ==
-- error: Duplicate fields

def span (r: {lo: i64, hi: i64}) : i64 =
  let {lo = a, hi = b, lo = c} = r
  in b - a + c
