-- description: a functor whose result is ascribed a refined module type (`summary with elem = N.t`) at its definition.
-- ==
-- input { [1, 2, 3] } output { 6 3i64 }

-- Value specs need named sizes: `val total [n] : [n]elem -> elem`.
module type summary = {
  type elem
  val total [n] : [n]elem -> elem
  val count [n] : [n]elem -> i64
}

module summarise (N: { type t val add : t -> t -> t val zero : t }) : summary with elem = N.t = {
  type elem = N.t
  def total [n] (xs: [n]elem) = reduce N.add N.zero xs
  def count [n] (xs: [n]elem) = length xs
}

module s = summarise { type t = i32 def add = (i32.+) def zero = 0i32 }

def main (xs: []i32) = (s.total xs, s.count xs)
