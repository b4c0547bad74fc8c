-- Unknown type: module `geom` has no type `polygon`.
-- ==
-- error: Unknown type "geom.polygon"

module geom = {
  type point = (f64, f64)
  def origin : point = (0, 0)
}

def area (p: geom.polygon) : f64 = 0
