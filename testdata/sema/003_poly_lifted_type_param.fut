-- Lifted type parameters `'^a`: may be instantiated with function types.

def compose_all '^a (fs: (a -> a, a -> a, a -> a)) : a -> a =
  \x -> fs.2 (fs.1 (fs.0 x))

def apply_pair '^a '^b (p: (a, b)) (f: a -> b -> i32) : i32 = f p.0 p.1

def first_of '^f (p: (f, f)) : f = p.0

def r1 = compose_all ((+ 1f32), (* 2), f32.sqrt) 4
def r2 = apply_pair (\(x: i32) -> x + 1, 10i32) (\f y -> f y)
def r3 = (first_of (i32.max 0, i32.min 0)) 5
