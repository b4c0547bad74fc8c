-- A module type that specifies an abstract type and then includes another module type
-- with that type refined to itself: the type stays abstract, so a functor may define it.

module type has_key = {
  type key
  val same : key -> key -> bool
}

module type keyed_twice = {
  type key
  include has_key with key = key
}

module keyed (K: {type key val eq : key -> key -> bool}) : keyed_twice = {
  type key = K.key
  def same (a: key) (b: key) = K.eq a b
}

module int_keys = keyed { type key = i32 def eq (a: i32) (b: i32) = a == b }
