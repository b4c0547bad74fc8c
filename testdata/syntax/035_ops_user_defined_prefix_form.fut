-- User-defined operators declared in prefix form: def (+^) a b = ...

-- | Saturating addition for i32, binds like +.
def (+^) (a: i32) (b: i32) : i32 =
  let s = i64.i32 a + i64.i32 b
  in i32.i64 (i64.max (i64.i32 i32.lowest) (i64.min (i64.i32 i32.highest) s))

-- | Component-wise pair addition.
def (++.) (a: (f32, f32)) (b: (f32, f32)) : (f32, f32) = (a.0 + b.0, a.1 + b.1)

-- | Integer average, binds like /.
def (/^) (a: i32) (b: i32) : i32 = (a + b) / 2

entry main (x: i32) (y: i32) : (i32, i32) = (x +^ y, x /^ y)

entry pairs (xs: [](f32, f32)) : (f32, f32) = reduce (++.) (0.0, 0.0) xs

entry sat (xs: []i32) : i32 = reduce (+^) 0 xs
