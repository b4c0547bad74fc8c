-- Type-annotated patterns: let (x: i32) = ..., typed tuple components.

def convert (x: f64) : (i32, f32) =
  let (n: i32) = i32.f64 x
  let (f: f32) = f32.f64 x
  in (n, f)

def typed_tuple (p: (i64, i64)) : i64 =
  let ((a: i64), (b: i64)) = p
  let (c, d): (i64, i64) = (a * 2, b * 2)
  in a + b + c + d

-- | Typed array pattern with a size.
def head3 (xs: [3]f32) : f32 =
  let (ys: [3]f32) = map (* 2.0) xs
  in ys[0]

entry main (x: f64) (p0: i64) (p1: i64) : ((i32, f32), i64) = (convert x, typed_tuple (p0, p1))

entry first (xs: [3]f32) : f32 = head3 xs
