-- Lifted type parameter used as a loop parameter: loop variables may not be functions.
-- ==
-- error: Type parameter "a" at .* may be a function.[[:space:]]+When checking type used as loop variable

def iterate_n '^a (n: i64) (f: a -> a) (x: a) : a =
  loop acc = x for _i < n do f acc

def compose_n (n: i64) (g: f32 -> f32) = iterate_n n (\h -> \x -> g (h x)) g
