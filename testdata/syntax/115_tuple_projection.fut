-- Tuple projection with numeric fields: t.0, t.1 and nested p.0.1.

def swap (t: (i32, f32)) : (f32, i32) = (t.1, t.0)

-- | Nested projection reaches into an inner tuple.
def inner (p: ((i32, i32), i32)) : i32 = p.0.1 + p.0.0 + p.1

-- | Projection on a parenthesised expression.
def first_of_pair (x: i32) : i32 = (x, x + 1).0

-- | Three levels deep.
def deepest (q: (((i64, i64), bool), f32)) : i64 = q.0.0.1

entry main (a: i32) (b: f32) : ((f32, i32), i32, i32) =
  (swap (a, b), inner ((a, a), a), first_of_pair a)

entry deep (x: i64) : i64 = deepest (((x, x * 2), true), 1.0)
