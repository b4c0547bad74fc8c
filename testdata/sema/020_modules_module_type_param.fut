-- Module system: functor parameter with a refined module type and a sum of results.

module type ord = { type t val lt: t -> t -> bool }

module minmax (O: ord) = {
  def min (a: O.t) (b: O.t) = if O.lt a b then a else b
  def max (a: O.t) (b: O.t) = if O.lt a b then b else a
  def clamp (lo: O.t) (hi: O.t) (x: O.t) = max lo (min hi x)
}

module mm_f32 = minmax { type t = f32 def lt (a: f32) (b: f32) = a < b }
module mm_u8 = minmax { type t = u8 def lt (a: u8) (b: u8) = a < b }

def c1 = mm_f32.clamp 0 1 1.5
def c2 = mm_u8.clamp 10 20 3
