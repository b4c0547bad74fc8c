-- Deeply nested tuples: nested projections, nested patterns, sections and unit.

type triple = ((i32, i32), (f32, (bool, ())))

def make (a: i32) (b: f32) : triple = ((a, a + 1), (b, (a > 0, ())))

-- | Projection chains of several levels.
def parts (t: triple) : (i32, f32, bool) = (t.0.1, t.1.0, t.1.1.0)

-- | The same through nested tuple patterns.
def parts' (((_, y), (f, (flag, ()))): triple) : (i32, f32, bool) = (y, f, flag)

-- | Nested projection sections over an array.
def seconds (ts: []triple) : []i32 = map (.0.1) ts

def flags (ts: []triple) : []bool = map (.1.1.0) ts

-- | Matching on a nested tuple with literals.
def classify (t: triple) : i32 =
  match t
  case ((0, _), (_, (true, ()))) -> 1
  case ((_, 0), _) -> 2
  case ((x, y), (_, (_, _))) -> x + y

entry main (a: i32) (b: f32) : ((i32, f32, bool), (i32, f32, bool), i32) =
  let t = make a b
  in (parts t, parts' t, classify t)

entry arrays (as: []i32) : ([]i32, []bool) =
  let ts = map (\a -> make a 0.5) as
  in (seconds ts, flags ts)
