-- Tuples: projection, patterns, nested tuples and unit.

def divmod (a: i32) (b: i32) : (i32, i32) = (a / b, a % b)

def nested ((a, (b, c)): (i32, (f32, bool))) : f32 =
  if c then f32.i32 a + b else b

def unit_fn () : i32 = 42

def t = let (q, r) = divmod 17 5 in q + r + (divmod 9 2).1 + unit_fn ()
