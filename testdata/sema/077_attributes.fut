-- Attributes on declarations, expressions and loops are accepted.

#[inline]
def sq (x: f32) = x * x

#[noinline]
def cube (x: f32) = x * sq x

def safe_get (xs: []i32) (i: i64) = #[unsafe] xs[i]

def unrolled (x: i32) = #[unroll] loop acc = 0 for _i < 4 do acc + x

def traced (x: i32) = #[trace] (x + 1)
