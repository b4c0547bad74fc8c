-- A lambda's return type with an anonymous size accepts a body of any size.
def grow (n: i64) : []i32 =
  (\(k: i64) : []i32 -> replicate (k + 1) 0i32) n
