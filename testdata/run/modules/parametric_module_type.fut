-- description: a module type with a polymorphic value spec and an implementation.
-- ==
-- input { [1, 2, 3] } output { [3, 2, 1] 3i64 }
-- input { empty([0]i32) } output { empty([0]i32) 0i64 }

module type container = {
  val rev 'a [n] : [n]a -> [n]a
  val size 'a [n] : [n]a -> i64
}

module arr : container = {
  def rev = reverse
  def size 'a [n] (_: [n]a) = n
}

def main (xs: []i32) = (arr.rev xs, arr.size xs)
