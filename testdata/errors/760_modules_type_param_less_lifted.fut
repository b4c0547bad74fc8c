-- The module type lets `apply` take functions as its type parameter, but the
-- module's definition only accepts non-functional types.
-- ==
-- error: Module type specifies

module runner = {
  def apply 'a (x: a) : a = x
} : {
  val apply '^a : a -> a
}

def five = runner.apply 5i32
