-- Lifted vs unlifted: iterating a function-valued state needs `'^a`, not `'a`.
-- ==
-- error: found to be functional

def iter 'a (n: i64) (f: a -> a) (x: a) : a =
  loop acc = x for _i < n do f acc

def compose_n (n: i64) (g: f32 -> f32) : f32 -> f32 =
  iter n (\h -> \x -> g (h x)) g
