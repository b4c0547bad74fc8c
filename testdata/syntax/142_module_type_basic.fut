-- Module type (signature) declarations with type, val and operator specs.

-- | Things that can be compared.
module type ordered = {
  type t
  val <= : t -> t -> bool
  val min : t -> t -> t
}

-- | A numeric signature with operators, constants and conversion.
module type num = {
  type t
  val +: t -> t -> t
  val *: t -> t -> t
  val zero : t
  val one : t
  val from_i64 : i64 -> t
}

module f32_num : num with t = f32 = {
  type t = f32
  def (+) (a: f32) (b: f32) = a f32.+ b
  def (*) (a: f32) (b: f32) = a f32.* b
  def zero = 0.0f32
  def one = 1.0f32
  def from_i64 = f32.i64
}

module i32_ord : ordered with t = i32 = {
  type t = i32
  def (<=) (a: i32) (b: i32) = a i32.<= b
  def min = i32.min
}

entry main (x: f32) (a: i32) (b: i32) : (f32, bool, i32) =
  (f32_num.(x * one + from_i64 2), i32_ord.(a <= b), i32_ord.min a b)
