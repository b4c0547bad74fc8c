-- description: a functor ascribed a functor module type keeps working when applied,
-- with its result's types those of the module type.
-- ==
-- input { 7 } output { 28 }

module type scaler = (P: {type e val k : e -> e}) -> {val apply : P.e -> P.e}

module scale_twice (Q: {type e val k : e -> e}) = {
  def apply (x: Q.e) = Q.k (Q.k x)
  def hidden = 0i32
}

module sealed_scale = scale_twice : scaler
module by_two = sealed_scale { type e = i32 def k (x: e) = x * 2 }

def main (x: i32) = by_two.apply x
