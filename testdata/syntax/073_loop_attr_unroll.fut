-- Attributes on loop expressions: #[unroll] and #[sequential] inside loops.

-- | A small fixed-size matrix-vector product with unrolled loops.
def mv3 (m: [3][3]f32) (v: [3]f32) : [3]f32 =
  #[unroll]
  loop out = replicate 3 0.0f32 for i < 3 do
    let s = #[unroll] loop s = 0.0f32 for j < 3 do s + m[i, j] * v[j]
    in out with [i] = s

-- | Loop containing a sequentialised SOAC.
def repeated_sums (k: i32) (xs: []f32) : f32 =
  loop acc = 0.0 for _i < k do
    acc + #[sequential] reduce (+) 0.0 xs

entry main (m: [3][3]f32) (v: [3]f32) : [3]f32 = mv3 m v

entry sums (k: i32) (xs: []f32) : f32 = repeated_sums k xs
