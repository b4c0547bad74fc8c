-- Other attributes: #[unroll], #[opaque], compound attributes, on patterns and specs.

def dot3 (a: [3]f32) (b: [3]f32) : f32 =
  #[unroll]
  loop acc = 0.0 for i < 3 do acc + a[i] * b[i]

-- | An attribute with nested arguments.
def grid [n][m] (xss: [n][m]i32) : [n]i32 =
  #[incremental_flattening(no_intra)]
  map (\row -> reduce (+) 0 row) xss

-- | An attribute on a pattern.
def swap (#[maybe_unused] p: (i32, i32)) : (i32, i32) = (p.1, p.0)

module type counter = {
  type t
  #[deprecated]
  val incr : t -> t
}

module counter_i32 : counter = {
  type t = i32
  def incr (x: i32) = x + 1
}

entry main (a: [3]f32) (b: [3]f32) : f32 = #[opaque] dot3 a b

entry rows (xss: [][]i32) : []i32 = grid xss

entry pair (x: i32) : (i32, i32) = swap (x, x + 1)
