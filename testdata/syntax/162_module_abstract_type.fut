-- Abstract types: a module hides its representation behind a signature.

module type temperature = {
  type t
  val from_celsius : f32 -> t
  val to_fahrenheit : t -> f32
  val warmer : t -> t -> bool
}

-- | Internally stored in Kelvin; users cannot see this.
module kelvin : temperature = {
  type t = {k: f32}
  def from_celsius (c: f32) : t = {k = c + 273.15}
  def to_fahrenheit (t: t) : f32 = (t.k - 273.15) * 9.0 / 5.0 + 32.0
  def warmer (a: t) (b: t) : bool = a.k > b.k
}

-- | Arrays of the abstract type are fine because it is not size-lifted.
def hottest (ts: []kelvin.t) : kelvin.t =
  reduce (\a b -> if kelvin.warmer a b then a else b) (kelvin.from_celsius (-273.15)) ts

entry main (cs: []f32) : f32 = kelvin.to_fahrenheit (hottest (map kelvin.from_celsius cs))
