-- description: a functor with two module parameters (a product of two monoids).
-- ==
-- input { [1, 2, 3] } output { 6 6 }
-- input { empty([0]i32) } output { 0 1 }

module type monoid = { type t val op : t -> t -> t val ne : t }

module pair_monoid (A: monoid) (B: monoid) = {
  type t = (A.t, B.t)
  def op ((a1, b1): t) ((a2, b2): t) : t = (A.op a1 a2, B.op b1 b2)
  def ne : t = (A.ne, B.ne)
}

module sum = { type t = i32 def op = (i32.+) def ne = 0i32 }
module prod = { type t = i32 def op = (i32.*) def ne = 1i32 }
module both = pair_monoid sum prod

def main (xs: []i32) = reduce both.op both.ne (map (\x -> (x, x)) xs)
