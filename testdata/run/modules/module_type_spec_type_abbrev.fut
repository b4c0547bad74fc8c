-- description: a module type with a transparent type abbreviation spec (`type t = i32`).
-- ==
-- input { 20 } output { 21 }

module type with_t = {
  type t = i32
  val succ : t -> t
}

module m : with_t = {
  type t = i32
  def succ (x: i32) = x + 1
}

def main (x: i32) : i32 = m.succ x
