-- Type abbreviations with type and size parameters.

type pair 'a = (a, a)
type vec [n] = [n]f32
type matrix [n][m] 't = [n][m]t
type^ op 'a = a -> a -> a

def add_pair (p: pair i32) : i32 = p.0 + p.1
def vsum [n] (v: vec [n]) : f32 = f32.sum v
def identity (n: i64) : matrix [n][n] f32 =
  map (\i -> map (\j -> if i == j then 1 else 0) (iota n)) (iota n)
def combine (f: op f32) (a: f32) (b: f32) = f a b
