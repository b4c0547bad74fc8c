-- description: modules nested inside modules, accessed with multiple qualifications.
-- ==
-- input { 3 } output { 4 6 9 }

module outer = {
  module inner = {
    def inc (x: i32) = x + 1
  }
  def double (x: i32) = 2 * x
  module deeper = {
    module deepest = {
      def square (x: i32) = x * x
    }
  }
}

def main (x: i32) = (outer.inner.inc x, outer.double x, outer.deeper.deepest.square x)
