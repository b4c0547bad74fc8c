-- Module system: several `with` refinements at once on one module type.

module type pair_sig = {
  type a
  type b
  val mk: a -> b -> (a, b)
}

module ib : pair_sig with a = i32 with b = bool = {
  type a = i32
  type b = bool
  def mk (x: a) (y: b) : (a, b) = (x, y)
}

def p : (i32, bool) = ib.mk 1 true
