-- Lifted abstract types in signatures: type^ and type~ specs.

module type closure = {
  -- | May contain functions.
  type^ fn
  val make : i32 -> fn
  val call : fn -> i32 -> i32
}

module adder : closure = {
  type^ fn = i32 -> i32
  def make (k: i32) : fn = \x -> x + k
  def call (f: fn) (x: i32) : i32 = f x
}

module type growable = {
  -- | May contain arrays of unknown size.
  type~ buf
  val from [n] : [n]i32 -> buf
  val len : buf -> i64
}

module growable_impl : growable = {
  type~ buf = []i32
  def from (xs: []i32) : buf = xs
  def len (b: buf) : i64 = length b
}

entry main (k: i32) (x: i32) (xs: []i32) : (i32, i64) =
  (adder.call (adder.make k) x, growable_impl.len (growable_impl.from xs))
