-- A hole `???` is accepted by `futhark check` (only a warning), but not where its size is ambiguous.
-- ==
-- error: Ambiguous size

def count_pending (limit: i64) : i64 =
  let pending = ???
  in i64.min limit (length pending)
