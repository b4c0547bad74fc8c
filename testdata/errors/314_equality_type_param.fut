-- Equality: a type parameter may be instantiated with a type that has no equality, so `==` is refused on it.
-- ==
-- error: Type parameter "elem" does not support equality

def count_equal 'elem (needle: elem) (hay: []elem) : i64 =
  i64.sum (map (\x -> if x == needle then 1 else 0) hay)
