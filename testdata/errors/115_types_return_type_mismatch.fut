-- Return type mismatch: declared bool, but the body computes an i64.
-- ==
-- error: Function body does not have expected type

def count_nonzero (xs: []i32) : bool =
  xs |> filter (!= 0) |> length
