-- description: sizes a module type names through its own values are known by their
-- qualified names in a functor's body and after application.
-- ==
-- input { [7u8, 8u8] } output { [[7u8, 7u8, 7u8, 7u8], [8u8, 8u8, 8u8, 8u8]] 4i64 }

module type width = {
  val w : i64
  val fill : u8 -> [w]u8
}

module rows (W: width) = {
  def grid (bytes: []u8) : [][W.w]u8 = map W.fill bytes
  def wide (x: u8) : [W.w * 2]u8 = replicate (W.w * 2) x
}

module four = { def w : i64 = 4 def fill (x: u8) : [w]u8 = replicate w x }
module g = rows four
module h = rows ({ def w : i64 = 2 def fill (x: u8) : [w]u8 = replicate w x } : width)

def main (bytes: []u8) = (g.grid bytes, length (h.wide 0))
