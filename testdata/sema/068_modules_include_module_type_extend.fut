-- Module system: `include` of a module type to extend it, and an implementation of the larger one.

module type shape = {
  type t
  val area: t -> f32
}

module type shape_with_perimeter = {
  include shape
  val perimeter: t -> f32
}

module square : shape_with_perimeter = {
  type t = f32
  def area (s: t) = s * s
  def perimeter (s: t) = 4 * s
}

def p = square.perimeter
