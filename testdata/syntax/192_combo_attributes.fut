-- Attributes everywhere: on definitions, expressions, loops, patterns and specs.

module type kernel = {
  #[inline]
  val apply : f32 -> f32
}

module relu : kernel = {
  #[inline]
  def apply (x: f32) : f32 = f32.max 0.0 x
}

-- | Gather with unchecked indices and traced intermediate values.
#[noinline]
def gather [n][m] (xs: [n]f32) (is: [m]i64) : [m]f32 =
  let ys = #[unsafe] map (\i -> xs[i]) is
  in #[trace(gathered)] ys

-- | A sequential inner loop nested in a parallel map.
def row_norms [n][m] (xss: [n][m]f32) : [n]f32 =
  map (\row -> f32.sqrt (#[sequential] reduce (+) 0.0 (map (\x -> x * x) row))) xss

-- | An unrolled fixed-size loop and an attribute on a let-bound pattern.
def poly4 (cs: [4]f32) (x: f32) : f32 =
  let #[maybe_unused] (_unused: i32) = 0
  in #[unroll] loop acc = 0.0 for i < 4 do acc * x + cs[i]

#[inline]
entry main [n][m] (xs: [n]f32) (is: [m]i64) : [m]f32 = map relu.apply (gather xs is)

entry norms [n][m] (xss: [n][m]f32) : [n]f32 = #[incremental_flattening(only_inner)] row_norms xss

entry poly (cs: [4]f32) (x: f32) : f32 = #[trace] poly4 cs x
-- trailing comment after the last declaration
