-- | Simple functional combinators: application, composition and iteration.

-- | Reverse application: `x |> f` is `f x`.  Handy for writing a pipeline
-- of functions in the order they are applied.
def (|>) '^a '^b (x: a) (f: a -> b): b =
  f x

-- | Application: `f <| x` is `f x`.  Binds loosely, so it saves
-- parentheses around a long argument.
def (<|) '^a '^b (f: a -> b) (x: a): b =
  f x

-- | Forward composition: `(f >-> g) x` is `g (f x)`.
def (>->) '^a '^b '^c (f: a -> b) (g: b -> c) (x: a): c =
  g (f x)

-- | Backward composition: `(g <-< f) x` is `g (f x)`.
def (<-<) '^a '^b '^c (g: b -> c) (f: a -> b) (x: a): c =
  g (f x)

-- | Swap the first two arguments of a function: `flip f b a` is `f a b`.
def flip '^a '^b '^c (f: a -> b -> c) (b: b) (a: a): c =
  f a b

-- | Turn a function on pairs into a function of two arguments.
def curry '^a '^b '^c (f: (a, b) -> c) (a: a) (b: b): c =
  f (a, b)

-- | Turn a function of two arguments into a function on pairs.
def uncurry '^a '^b '^c (f: a -> b -> c) ((a, b): (a, b)): c =
  f a b

-- | The function that ignores its argument and always returns `x`.
def const '^a '^b (x: a) (_: b): a =
  x

-- | The identity function.
def id '^a (x: a): a =
  x

-- | Apply `f` to `x` `n` times (not at all if `n` is zero or negative).
def iterate 'a (n: i32) (f: a -> a) (x: a): a =
  loop x for _i < n do f x

-- | Apply `f` to `x` until `p` holds of the result; `x` itself is returned
-- if `p x` already holds.
def iterate_until 'a (p: a -> bool) (f: a -> a) (x: a): a =
  loop x while !(p x) do f x

-- | Apply `f` to `x` as long as `p` holds; `x` itself is returned if `p x`
-- does not hold.
def iterate_while 'a (p: a -> bool) (f: a -> a) (x: a): a =
  loop x while p x do f x
