-- Lifted vs unlifted: `'a` may not be instantiated with a function type.
-- ==
-- error: is not instantiated with a function type

def pick 'a (b: bool) (x: a) (y: a) : a = if b then x else y

def choose_op (b: bool) : i32 -> i32 =
  pick b (\x -> x + 1) (\x -> x - 1)
