-- A type spec with two type parameters of the same name `k`.
-- ==
-- error: previously

module type table = {
  type map 'k 'k
  val empty 'k : map k k
}
