-- Qualified operators: infix i32.+ and f32.*, sections (i32.+) and (M.+).

module vec2 = {
  type t = (f32, f32)
  def (a: t) + (b: t) : t = (a.0 + b.0, a.1 + b.1)
  def (a: t) * (s: f32) : t = (a.0 * s, a.1 * s)
  def zero : t = (0.0, 0.0)
}

-- | Qualified infix use of a module's operator.
def midpoint (a: vec2.t) (b: vec2.t) : vec2.t = (a vec2.+ b) vec2.* 0.5

-- | A qualified operator section passed to reduce.
def centroid (ps: []vec2.t) : vec2.t =
  let s = reduce (vec2.+) vec2.zero ps
  in s vec2.* (1.0 / f32.i64 (length ps))

def total (xs: []i32) : i32 = reduce (i32.+) 0 xs

def scaled (x: f32) (y: f32) : f32 = x f32.* y f32.+ 1.0

entry main (xs: []f32) (ys: []f32) : (f32, f32) = centroid (zip xs ys)

entry ints (xs: []i32) : i32 = total xs

entry mid (x: f32) (y: f32) : (f32, f32) = midpoint (x, y) (y, x) |> \p -> (scaled p.0 2.0, p.1)
