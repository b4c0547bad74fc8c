-- Polymorphism combined with size parameters: generic windowed operations.

def windows [n] 't (k: i64) (xs: [n]t) : [][k]t =
  map (\i -> xs[i:i + k] :> [k]t) (iota (n - k + 1))

def pairwise [n] 'a 'b (f: a -> a -> b) (xs: [n]a) : []b =
  map2 f (init xs) (tail xs)

def diffs (xs: []i32) = pairwise (\a b -> b - a) xs
def w3 (xs: []f32) = windows 3 xs
