-- A module type for numbers and a functor computing statistics over them.

module type number = {
  type t
  val zero : t
  val add : t -> t -> t
  val mul : t -> t -> t
  val from_i64 : i64 -> t
  val div : t -> t -> t
}

module stats (N: number) = {
  def sum (xs: []N.t) : N.t = reduce N.add N.zero xs
  def mean (xs: []N.t) : N.t = N.div (sum xs) (N.from_i64 (length xs))
  def sum_squares (xs: []N.t) : N.t = sum (map (\x -> N.mul x x) xs)
}

module f64_number : number with t = f64 = {
  type t = f64
  def zero = 0f64
  def add = (f64.+)
  def mul = (f64.*)
  def from_i64 = f64.i64
  def div = (f64./)
}

module i32_number : number with t = i32 = {
  type t = i32
  def zero = 0i32
  def add = (i32.+)
  def mul = (i32.*)
  def from_i64 = i32.i64
  def div = (i32./)
}
