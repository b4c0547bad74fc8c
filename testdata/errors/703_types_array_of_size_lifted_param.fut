-- A value of a size-lifted type parameter may not be put into an array literal.
-- ==
-- error: array element

def second '~t (make: i64 -> t) : t =
  let made = [make 1, make 2]
  in made[1]
