-- Short-circuiting && and ||, plus logical negation with !.

def implies (a: bool) (b: bool) : bool = !a || b

def nand (a: bool) (b: bool) : bool = !(a && b)

-- | The guard on the left protects the index on the right.
def safe_positive (xs: []i32) (i: i64) : bool =
  i >= 0 && i < length xs && xs[i] > 0

def majority (a: bool) (b: bool) (c: bool) : bool =
  (a && b) || (a && c) || (b && c)

entry main (xs: []i32) (i: i64) : bool = safe_positive xs i

entry table (a: bool) (b: bool) (c: bool) : (bool, bool, bool) =
  (implies a b, nand b c, majority a b c)
