-- Refining abstract types in signatures with 'with': S with t = i32.

module type container = {
  type elem
  type t
  val singleton : elem -> t
  val first : t -> elem
}

-- | Both abstract types are refined, one after the other.
module pair_container : container with elem = f32 with t = (f32, f32) = {
  type elem = f32
  type t = (f32, f32)
  def singleton (x: f32) : t = (x, x)
  def first (p: t) : f32 = p.0
}

-- | Refinement in a named module type.
module type int_container = container with elem = i32

module box : int_container = {
  type elem = i32
  type t = {value: i32}
  def singleton (x: i32) : t = {value = x}
  def first (b: t) : i32 = b.value
}

-- | Refinement of a parametric type in a signature.
module type mapper = {
  type c 'a
  val lift 'a : a -> c a
}

module arr_mapper : mapper with c 'a = [1]a = {
  type c 'a = [1]a
  def lift 'a (x: a) : [1]a = [x]
}

entry main (x: f32) (y: i32) : ((f32, f32), i32, [1]i32) =
  (pair_container.singleton x, box.first (box.singleton y), arr_mapper.lift y)
