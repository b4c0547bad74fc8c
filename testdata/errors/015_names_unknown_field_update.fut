-- Unknown field: record update of a field `count` that the record type does not have.
-- ==
-- error: Attempt to access field "count"

type stats = {total: i64, seen: i64}

def bump (s: stats) (x: i64) : stats =
  s with count = s.seen + 1
