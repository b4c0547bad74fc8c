-- `with` refinements keeping the abstract type's parameters (or widening them), and abbreviations
-- as lifted as the types they mention (`type^` over '^a, `type~` over a size-lifted type).

module type container = {
  type elem 'a
  type^ fn '^a
  val wrap 'a : a -> elem a
}

module type pair_container = container with elem 'a = (a, a)
module type widened = container with elem '^a = a

module pairs : pair_container = {
  type elem 'a = (a, a)
  type^ fn '^a = (a, i32)
  def wrap 'a (x: a) : elem a = (x, x)
}

module cache (K: {type~ key}) = {
  type~ k = K.key
  type~ slot = (k, i64)
}

def twice = pairs.wrap 3i32
