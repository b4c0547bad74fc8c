-- Module system: `open`, `local` definitions and `include` in signatures.

module type has_zero = { type t val zero: t }
module type has_add = { include has_zero val add: t -> t -> t }

module ints : has_add with t = i32 = {
  type t = i32
  local def id (x: i32) = x
  def zero : t = id 0
  def add (a: t) (b: t) : t = a + b
}

open ints

def sum3 (a: i32) (b: i32) (c: i32) = add a (add b (add c zero))
