-- Size-dependent function types: a named parameter determines the result size.

def zeros (n: i64) : [n]i32 = replicate n 0

def ramp (n: i64) : [n]f32 = map f32.i64 (iota n)

def make_with (f: (k: i64) -> [k]i32) (n: i64) : [n]i32 = f n

def three : [3]i32 = zeros 3
def pair_up (n: i64) : [n](i32, f32) = zip (zeros n) (ramp n)
def made : [4]i32 = make_with zeros 4
