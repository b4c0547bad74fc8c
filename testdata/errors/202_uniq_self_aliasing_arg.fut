-- Argument passed for a consuming tuple parameter is self-aliased.
-- ==
-- error: Argument passed for consuming parameter is self-aliased

def swap_heads (p: *([]i64, []i64)) : i64 =
  let (a, b) = p
  in a[0] + b[0]

def same (n: i64) = let v = iota n in swap_heads (v, v)
