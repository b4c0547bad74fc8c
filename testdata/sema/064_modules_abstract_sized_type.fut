-- Module system: abstract type with a size parameter in a signature.

module type vecspace = {
  type vec [n]
  val zero: (n: i64) -> vec [n]
  val add [n]: vec [n] -> vec [n] -> vec [n]
  val to_array [n]: vec [n] -> [n]f32
}

module dense : vecspace = {
  type vec [n] = [n]f32
  def zero (n: i64) : vec [n] = replicate n 0
  def add [n] (a: vec [n]) (b: vec [n]) : vec [n] = map2 (+) a b
  def to_array [n] (v: vec [n]) : [n]f32 = v
}

def z = dense.to_array (dense.add (dense.zero 3) (dense.zero 3))
