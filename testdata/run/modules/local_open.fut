-- description: the `M.(expr)` local open syntax.
-- ==
-- input { 3 } output { 10 }

module arith = {
  def double (x: i32) = 2 * x
  def plus_four (x: i32) = x + 4
}

def main (x: i32) = arith.(plus_four (double x))
