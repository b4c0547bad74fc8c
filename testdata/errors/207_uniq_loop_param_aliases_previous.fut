-- Loop: the consuming loop parameter's new value aliases another returned value.
-- ==
-- error: Return value for consuming loop parameter "acc" aliases previously returned value

def accumulate (n: i64) =
  loop (snapshot: []i32, acc: *[]i32) = (replicate n 0, replicate n 0) for i < n do
    (acc, acc)
