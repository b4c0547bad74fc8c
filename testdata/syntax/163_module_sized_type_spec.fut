-- Signatures with parametric and size-parametric abstract types.

module type sized_vec = {
  type vec [n]
  val replicate : (n: i64) -> f32 -> vec [n]
  val sum [n] : vec [n] -> f32
  val map [n] : (f32 -> f32) -> vec [n] -> vec [n]
}

module array_vec : sized_vec = {
  type vec [n] = [n]f32
  def replicate (n: i64) (x: f32) : [n]f32 = replicate n x
  def sum [n] (v: [n]f32) : f32 = f32.sum v
  def map [n] (f: f32 -> f32) (v: [n]f32) : [n]f32 = map f v
}

module type boxed = {
  type box 'a
  val wrap 'a : a -> box a
  val unwrap 'a : box a -> a
}

module record_box : boxed = {
  type box 'a = {contents: a}
  def wrap 'a (x: a) : box a = {contents = x}
  def unwrap 'a (b: box a) : a = b.contents
}

entry main (n: i64) (x: f32) : (f32, i32) =
  ( array_vec.sum (array_vec.map (* 2.0) (array_vec.replicate n x))
  , record_box.unwrap (record_box.wrap 42)
  )
