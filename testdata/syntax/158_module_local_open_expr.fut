-- Locally opened expressions M.(e) for concise qualified code.

module complex = {
  type t = {re: f32, im: f32}
  def mk (re: f32) (im: f32) : t = {re, im}
  def (a: t) + (b: t) : t = {re = a.re f32.+ b.re, im = a.im f32.+ b.im}
  def (a: t) * (b: t) : t =
    {re = a.re f32.* b.re f32.- a.im f32.* b.im, im = a.re f32.* b.im f32.+ a.im f32.* b.re}
  def mag2 (a: t) : f32 = a.re f32.* a.re f32.+ a.im f32.* a.im
}

-- | Inside complex.(...) the module's + and * shadow the built-in ones.
def square_plus (z: complex.t) (c: complex.t) : complex.t = complex.(z * z + c)

entry main (re: f32) (im: f32) : f32 =
  let z = complex.(mk re im)
  in complex.(mag2 (square_plus z (mk 1.0 0.0)))

entry prelude_open (x: f32) : f32 = f32.(sqrt x + abs (x - pi))
