-- error: do not match
-- An anonymous return size the body gives by a variable it binds itself
-- is unknown to callers.
def grow (n: i64) : []i64 = let m = n + 1 in iota m

def use_it (k: i64) : [k]i64 = grow k
