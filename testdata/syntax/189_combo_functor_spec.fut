-- Signatures with functor specs, included signatures, lifted type specs and F(M) application.

module type shape = { type t val area : t -> f64 }

module type named = {
  include shape
  val name : t -> i32
}

-- | A plugin provides a shape and a functor that scales any shape.
module type plugin = {
  module base: named with t = f64
  module scaled: (S: shape) -> shape with t = (S.t, f64)
  type^ renderer
  val renderer : renderer
  val run : renderer -> f64 -> f64
}

module circle_plugin : plugin = {
  module base = {
    type t = f64
    def area (r: f64) : f64 = f64.pi * r * r
    def name (_: f64) : i32 = 1
  }
  module scaled (S: shape) = {
    type t = (S.t, f64)
    def area ((s, k): t) : f64 = S.area s * k * k
  }
  type^ renderer = f64 -> f64
  local def square (x: f64) : f64 = x * x
  def renderer : renderer = \x -> square x
  def run (f: renderer) (x: f64) : f64 = f x
}

module big = circle_plugin.scaled(circle_plugin.base)

entry main (r: f64) (k: f64) : (f64, i32, f64) =
  (big.area (r, k), circle_plugin.base.name r, circle_plugin.run circle_plugin.renderer r)
