-- Module system: a module type with an abstract type and a module ascribed to it.

module type stack = {
  type t
  val empty: t
  val push: i32 -> t -> t
  val top: t -> i32
}

module pair_stack : stack = {
  type t = (i32, i32)
  def empty : t = (0, 0)
  def push (x: i32) (s: t) : t = (x, s.0)
  def top (s: t) : i32 = s.0
}

def peek = pair_stack.top (pair_stack.push 3 pair_stack.empty)
