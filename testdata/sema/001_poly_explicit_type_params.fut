-- Polymorphism: explicit type parameters on a generic pair swap and a generic lookup.

def swap 'a 'b (p: (a, b)) : (b, a) = (p.1, p.0)

def lookup_or 'k 'v (eq: k -> k -> bool) (d: v) (keys: []k) (vals: []v) (x: k) : v =
  let hits = filter (\(k', _) -> eq k' x) (zip keys vals)
  in if length hits > 0 then hits[0].1 else d

def test_swap = swap (1i32, true)
def test_lookup = lookup_or (==) 0f32 [1i32, 2, 3] [1.5, 2.5, 3.5] 2
