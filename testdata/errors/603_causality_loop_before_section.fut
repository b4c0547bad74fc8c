-- With `<|` the projection section is evaluated before the loop, but its
-- type needs the size the loop's result gets (it varies between iterations).
-- ==
-- error: Causality check

def doubled : []i64 =
  (.0) <| loop (acc: []i64, c) = ([], 0i32) for _k < 4 do (acc ++ acc, c + 1)
