-- The #[unsafe] attribute on expressions to elide bounds checks.

-- | Gather with indices that are assumed to be in bounds.
def gather [n] [m] (xs: [n]f32) (is: [m]i64) : [m]f32 =
  map (\i -> #[unsafe] xs[i]) is

-- | Unsafe applied to a whole map.
def shift_left [n] (xs: [n]i32) : [n]i32 =
  #[unsafe] map (\i -> if i + 1 < n then xs[i + 1] else 0) (iota n)

#[unsafe]
def first_elem (xs: []i32) : i32 = xs[0]

entry main (xs: []f32) (is: []i64) : []f32 = gather xs is

entry shifted (xs: []i32) : ([]i32, i32) = (shift_left xs, first_elem xs)
