-- description: an abstract type with a size parameter, exposing construction and a fold.
-- ==
-- input { 4i64 } output { 6i64 4i64 }
-- input { 0i64 } output { 0i64 0i64 }

module type vector = {
  type vec [n]
  val range : (n: i64) -> vec [n]
  val total [n] : vec [n] -> i64
  val len [n] : vec [n] -> i64
}

module v : vector = {
  type vec [n] = [n]i64
  def range (n: i64) = iota n
  def total [n] (a: [n]i64) = reduce (+) 0 a
  def len [n] (_: [n]i64) = n
}

def main (n: i64) = let x = v.range n in (v.total x, v.len x)
