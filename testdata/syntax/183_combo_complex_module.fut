-- Complex numbers behind a signature with operator specs, used via M.(e), open and (M.+).

module type complex_sig = {
  type t
  val mk : f64 -> f64 -> t
  val re : t -> f64
  val im : t -> f64
  val +: t -> t -> t
  val *: t -> t -> t
  val abs : t -> f64
}

module complex : complex_sig = {
  type t = {re: f64, im: f64}
  local def sq (x: f64) : f64 = x * x
  def mk (re: f64) (im: f64) : t = {re, im}
  def re (z: t) : f64 = z.re
  def im (z: t) : f64 = z.im
  def abs (z: t) : f64 = f64.sqrt (sq z.re + sq z.im)
  def (a: t) + (b: t) : t = {re = a.re f64.+ b.re, im = a.im f64.+ b.im}
  def (a: t) * (b: t) : t =
    {re = a.re f64.* b.re f64.- a.im f64.* b.im, im = a.re f64.* b.im f64.+ a.im f64.* b.re}
}

-- | Horner's rule at a complex point.
def horner (cs: []f64) (z: complex.t) : complex.t =
  loop acc = complex.mk 0.0 0.0 for c in cs do complex.(acc * z + mk c 0.0)

def csum (zs: []complex.t) : complex.t = reduce (complex.+) (complex.mk 0.0 0.0) zs

module polar = {
  local open complex
  def unit_circle (n: i64) : [n]t =
    map (\k -> let a = f64.(2.0 * pi * i64 k / i64 n) in mk (f64.cos a) (f64.sin a)) (iota n)
}

entry main (cs: []f64) (re: f64) (im: f64) : (f64, f64) =
  let z = horner cs (complex.mk re im) in (complex.re z, complex.im z)

entry roots_of_unity (n: i64) : f64 = complex.abs (csum (polar.unit_circle n))
