-- Use after consume: `hist` is updated in place and then read again.
-- ==
-- error: Using variable "hist", but this was consumed

def bump (hist: *[]i64) (bin: i64) : (i64, []i64) =
  let updated = hist with [bin] = hist[bin] + 1
  in (hist[bin], updated)
