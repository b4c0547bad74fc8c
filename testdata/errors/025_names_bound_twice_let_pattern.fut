-- Name bound twice: a let-bound record pattern binds `lo` twice.
-- ==
-- error: Name "lo" also bound

def span (r: {lo: i32, hi: i32}) : i32 =
  let {lo, hi = lo} = r
  in lo - lo
