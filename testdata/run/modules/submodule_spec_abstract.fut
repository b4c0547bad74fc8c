-- description: a submodule spec mentioning an abstract type of the enclosing module
-- type is matched with that type as the argument defines it.
-- ==
-- input { 4 } output { 12 }

module count (P: {type t val zero : t module step: {val next : t -> t} val out : t -> i32}) = {
  def run (n: i32) = P.out (loop x = P.zero for _i < n do P.step.next x)
}

module by3 = count {
  type t = i32
  def zero = 0i32
  module step = { def next (x: i32) = x + 3 }
  def out (x: i32) = x
}

def main (n: i32) = by3.run n
