-- description: an abstract type with an equality function provided by the module.
-- ==
-- input { 1 1 } output { true }
-- input { 1 2 } output { false }

module type id = {
  type t
  val mk : i32 -> t
  val same : t -> t -> bool
}

module ids : id = {
  type t = i32
  def mk (x: i32) = x * 7
  def same (a: i32) (b: i32) = a == b
}

def main (a: i32) (b: i32) = ids.same (ids.mk a) (ids.mk b)
