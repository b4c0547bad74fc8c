-- description: a functor parameterised over a module with a type and an operator.
-- ==
-- entry: sum_ints
-- input { [1, 2, 3] } output { 6 }

-- ==
-- entry: max_floats
-- input { [1.5, -2.0, 9.25] } output { 9.25 }

module type monoid = {
  type t
  val op : t -> t -> t
  val ne : t
}

module fold (M: monoid) = {
  def all (xs: []M.t) = reduce M.op M.ne xs
}

module add_i32 = { type t = i32 def op = (i32.+) def ne = 0i32 }
module max_f64 = { type t = f64 def op = f64.max def ne = -f64.inf }

module sum_i32 = fold add_i32
module maximum_f64 = fold max_f64

entry sum_ints (xs: []i32) = sum_i32.all xs
entry max_floats (xs: []f64) = maximum_f64.all xs
