-- Abstract type leak: outside the module, `counter.t` is abstract and not an i32.
-- ==
-- error: Cannot apply "\+"

module type counter_sig = {
  type t
  val zero: t
  val incr: t -> t
}

module counter : counter_sig = {
  type t = i32
  def zero : t = 0
  def incr (c: t) : t = c + 1
}

def two = counter.incr counter.zero + 1
