-- Accessing a `local` type from outside the module.
-- ==
-- error: Unknown type "geo.raw"

module geo = {
  local type raw = (f64, f64)
  type point = {lat: f64, lon: f64}
  def mk (r: raw) : point = {lat = r.0, lon = r.1}
}

def from_raw (r: geo.raw) = geo.mk r
