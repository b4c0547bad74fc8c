-- Size scope violation: a size expression `length bins` cannot be linked to a size bound before `bins`.
-- ==
-- error: Cannot link size "[^[:space:]]+" to "length bins" \(scope violation\)

def counts (k: i64) (bins: []i64) : [k]i32 =
  hist (+) 0 k bins (replicate (length bins) 1)
