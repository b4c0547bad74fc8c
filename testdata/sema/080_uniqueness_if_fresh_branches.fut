-- Uniqueness: both branches return fresh arrays, so the result may be consumed.

def make (b: bool) (n: i64) : *[]i32 =
  if b then replicate n 0 else map i32.i64 (iota n)

def use (b: bool) (n: i64) : []i32 =
  let a = make b n
  let a[0] = 7
  in a
