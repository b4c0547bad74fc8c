-- Uniqueness types: consuming parameters *[n]t and alias-free results.

-- | Consumes its argument and returns a fresh (unique) array.
def double_in_place [n] (xs: *[n]i32) : *[n]i32 =
  loop xs for i < n do xs with [i] = xs[i] * 2

-- | A unique result built from a non-unique input via copy.
def doubled [n] (xs: [n]i32) : *[n]i32 = double_in_place (copy xs)

-- | Consuming only the first of two parameters.
def add_into [n] (acc: *[n]f32) (xs: [n]f32) : *[n]f32 =
  loop acc for i < n do acc with [i] = acc[i] + xs[i]

-- | Scatter consumes its destination.
def reset_at [n] (xs: *[n]i32) (is: []i64) : *[n]i32 =
  scatter xs is (map (const 0) is)

entry main (xs: []i32) : []i32 = doubled xs

entry accumulate [n] (a: *[n]f32) (b: [n]f32) : *[n]f32 = add_into a b

entry reset (xs: *[]i32) (is: []i64) : *[]i32 = reset_at xs is
