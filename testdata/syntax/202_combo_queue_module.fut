-- Container signatures with include, lifted specs, submodule specs and functor specs.

module type sized = { type~ t val size : t -> i64 }

-- | A queue signature extending `sized`.
module type queue = {
  include sized
  type elem
  val empty : () -> t
  val push : elem -> t -> t
}

-- | A signature bundling an element module, a queue and a queue-building functor.
module type toolkit = {
  module E: { type t val default: t }
  module Q: queue with elem = E.t
  module mk: (x: { type t val default: t }) -> queue with elem = x.t
  type^ visitor
  val visit : visitor -> Q.t -> i64
}

module array_queue (X: { type t val default: t }) = {
  type~ t = []X.t
  type elem = X.t
  def size (q: t) : i64 = length q
  def empty () : t = []
  def push (x: elem) (q: t) : t = q ++ [x]
}

module kit : toolkit with E.t = i32 with visitor = (i64 -> i64) = {
  module E = { type t = i32 def default = 0i32 }
  module Q = array_queue E
  module mk = array_queue
  type^ visitor = i64 -> i64
  def visit (f: visitor) (q: Q.t) : i64 = f (Q.size q)
}

entry main (xs: []i32) : i64 =
  let q = loop q = kit.Q.empty () for x in xs do kit.Q.push x q
  in kit.visit (* 2) q
