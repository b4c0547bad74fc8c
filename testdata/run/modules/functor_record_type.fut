-- description: a functor over a module type that specifies a record type with known fields.
-- ==
-- input { 3.0 4.0 } output { 5.0 }

module type has_point = {
  type point = {x: f64, y: f64}
  val origin : point
}

module metric (P: has_point) = {
  def dist (p: P.point) = f64.hypot (p.x - P.origin.x) (p.y - P.origin.y)
}

module plane = { type point = {x: f64, y: f64} def origin : point = {x = 0, y = 0} }
module m = metric plane

def main (x: f64) (y: f64) = m.dist {x, y}
