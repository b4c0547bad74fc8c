-- Module system: a functor (parametric module) applied to a module literal.

module type monoid = {
  type t
  val ne: t
  val op: t -> t -> t
}

module folder (M: monoid) = {
  def fold (xs: []M.t) : M.t = reduce M.op M.ne xs
  def prefix (xs: []M.t) : []M.t = scan M.op M.ne xs
}

module max_i32 = folder { type t = i32 def ne = i32.lowest def op = i32.max }

def biggest = max_i32.fold [3, 9, 2]
