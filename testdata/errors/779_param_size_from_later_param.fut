-- error: \(scope violation\)
-- An unannotated array parameter whose size the body makes the value of
-- a later parameter: callers pass the array before that value exists.
def pair_up ws count = zip ws (replicate count 0u8)
