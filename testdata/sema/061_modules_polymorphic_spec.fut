-- Module system: polymorphic and size-polymorphic value specs in a module type.

module type container = {
  type t 'a
  val singleton 'a: a -> t a
  val get 'a: t a -> a
  val sum [n]: [n]i32 -> i32
}

module boxed : container = {
  type t 'a = (a, bool)
  def singleton 'a (x: a) : t a = (x, true)
  def get 'a (b: t a) : a = b.0
  def sum [n] (xs: [n]i32) = i32.sum xs
}

def v = boxed.get (boxed.singleton 3.5f32) + f32.i32 (boxed.sum [1, 2])
