-- description: in a local open `M.(e)`, the module's names hide local variables of
-- the same names, also inside lambdas and nested opens; other locals stay visible.
-- ==
-- input { 100 } output { 11 112 115 }

module outer = {
  def a = 1i32
  def b = 10i32
  module inner = { def a = 4i32 }
}

def main (a: i32) =
  let c = 5
  in ( outer.(a + b)
     , outer.(a + head (map (\x -> x + b) [a + 100]))
     , outer.(inner.(a) + b) + a + c - 4 )
