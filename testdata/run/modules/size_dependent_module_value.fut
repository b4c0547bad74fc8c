-- description: a module type specifying a size-dependent function `val make : (n: i64) -> [n]i32`.
-- ==
-- input { 4i64 } output { [0, 2, 4, 6] 12 }
-- input { 0i64 } output { empty([0]i32) 0 }

module type maker = {
  val make : (n: i64) -> [n]i32
}

module evens : maker = {
  def make (n: i64) : [n]i32 = map (\i -> 2 * i32.i64 i) (iota n)
}

def main (n: i64) = let xs = evens.make n in (xs, reduce (+) 0 xs)
