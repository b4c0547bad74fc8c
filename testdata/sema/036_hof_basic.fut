-- Higher-order functions: passing, returning and partially applying functions.

def apply_n (n: i64) (f: i32 -> i32) (x: i32) : i32 =
  loop x for _i < n do f x

def adder (k: i32) : i32 -> i32 = \x -> x + k

def map_twice (f: f32 -> f32) (xs: []f32) : []f32 = map (f >-> f) xs

def a = apply_n 3 (adder 2) 0
def b = map_twice (* 2) [1, 2, 3]
def c = (adder 1 <-< adder 2) 0
