-- `#[unroll]` on a loop whose bound is a parameter cannot unroll it: a warning.
-- ==
-- warning: #\[unroll\]

def power (base: f64) (k: i64) : f64 =
  #[unroll]
  loop acc = 1.0 for _i < k do acc * base

def cube (base: f64) : f64 =
  #[unroll]
  loop acc = 1.0 for _i < 3 do acc * base
