-- description: a functor whose result contains a nested module and a type derived from the argument.
-- ==
-- input { 3 } output { 3 3 }

module type elem = { type t val zero : t }

module boxes (E: elem) = {
  type box = {value: E.t, count: i32}
  module ops = {
    def make (v: E.t) : box = {value = v, count = 1}
    def merge (a: box) (b: box) : box = {value = a.value, count = a.count + b.count}
  }
}

module ib = boxes { type t = i32 def zero = 0i32 }

def main (n: i32) =
  let b = loop b = ib.ops.make n for _i < n - 1 do ib.ops.merge b (ib.ops.make 0)
  in (b.value, b.count)
