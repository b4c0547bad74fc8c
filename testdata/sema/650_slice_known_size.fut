-- A slice from zero to a variable or a constant, with unit stride, has
-- that size; other slices have unknown sizes.
def first_two (a: [5]i64) : [2]i64 = a[0:2]

def prefix (n: i64) (a: []i64) : [n]i64 = a[:n]

def strided (n: i64) (a: []i64) : [n]i64 = a[0:n:1]

def upto [k] (a: [k]f32) (m: i64) : [m]f32 = a[:m:1]

def in_loop (a: [8]i64) : [1]i64 =
  let (_, r) = loop (i, b) = (0, a[0:1]) while i < 3 do (i + 1, b)
  in r
