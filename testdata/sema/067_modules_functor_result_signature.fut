-- Module system: a functor with an explicit result signature.

module type num = { type t val from_i64: i64 -> t val add: t -> t -> t }
module type summer = { type t val sum_to: i64 -> t }

module mk_summer (N: num) : summer with t = N.t = {
  type t = N.t
  def sum_to (n: i64) : t = reduce N.add (N.from_i64 0) (map N.from_i64 (iota n))
}

module fsum = mk_summer { type t = f64 def from_i64 = f64.i64 def add (a: f64) (b: f64) = a + b }

def s : f64 = fsum.sum_to 10
