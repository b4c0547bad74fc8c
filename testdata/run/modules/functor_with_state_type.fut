-- description: a functor producing a counter module over an abstract state type.
-- ==
-- input { 5 } output { 5 10 }
-- input { 0 } output { 0 0 }

module type step = { val delta : i32 }

module type counter = {
  type state
  val init : state
  val tick : state -> state
  val read : state -> i32
}

module make_counter (S: step) : counter = {
  type state = i32
  def init = 0i32
  def tick (s: i32) = s + S.delta
  def read (s: i32) = s
}

module c1 = make_counter { def delta = 1i32 }
module c2 = make_counter { def delta = 2i32 }

def main (n: i32) =
  (c1.read (iterate n c1.tick c1.init), c2.read (iterate n c2.tick c2.init))
