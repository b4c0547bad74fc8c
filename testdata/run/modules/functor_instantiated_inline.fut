-- description: applying a functor to an anonymous module literal (`mapper { type t = i32 ... }`).
-- ==
-- input { [1, 2, 3] } output { 14 }

module type elem = { type t val f : t -> t }

module mapper (E: elem) = {
  def apply_all (xs: []E.t) = map E.f xs
}

module squares = mapper { type t = i32 def f (x: i32) = x * x }

def main (xs: []i32) = reduce (+) 0 (squares.apply_all xs)
