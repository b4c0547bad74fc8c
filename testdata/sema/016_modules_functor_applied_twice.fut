-- Module system: the same parametric module applied twice to different arguments.

module type scalar = {
  type t
  val one: t
  val mul: t -> t -> t
}

module power (S: scalar) = {
  def pow (x: S.t) (n: i64) : S.t = loop acc = S.one for _i < n do S.mul acc x
}

module ipow = power { type t = i64 def one = 1i64 def mul (a: i64) (b: i64) = a * b }
module fpow = power { type t = f64 def one = 1f64 def mul (a: f64) (b: f64) = a * b }

def a = ipow.pow 2 10
def b = fpow.pow 1.5 3
