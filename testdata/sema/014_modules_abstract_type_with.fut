-- Module system: `with` refines an abstract type so callers may see its definition.

module type num = {
  type t
  val zero: t
  val add: t -> t -> t
}

module f32_num : num with t = f32 = {
  type t = f32
  def zero : t = 0
  def add (a: t) (b: t) : t = a + b
}

def total (xs: []f32) : f32 = reduce f32_num.add f32_num.zero xs
