-- description: an abstract type constructor with a type parameter (`type box 'a`) in a module type.
-- ==
-- input { 5 true } output { 5 true 6 }

module type boxing = {
  type box 'a
  val put 'a : a -> box a
  val get 'a : box a -> a
  val update 'a : (a -> a) -> box a -> box a
}

module boxes : boxing = {
  type box 'a = (a, i32)
  def put 'a (x: a) : box a = (x, 0)
  def get 'a ((x, _): box a) = x
  def update 'a (f: a -> a) ((x, n): box a) : box a = (f x, n + 1)
}

def main (x: i32) (b: bool) =
  (boxes.get (boxes.put x), boxes.get (boxes.put b), boxes.get (boxes.update (+ 1) (boxes.put x)))
