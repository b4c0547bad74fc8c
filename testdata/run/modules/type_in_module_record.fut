-- description: record types declared in a module and used from outside via qualified names.
-- ==
-- input { 3 } output { 3 9 }

module shapes = {
  type square = {side: i32}
  def area (s: square) = s.side * s.side
}

def main (x: i32) =
  let sq : shapes.square = {side = x}
  in (sq.side, shapes.area sq)
