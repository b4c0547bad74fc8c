-- A value of a size-lifted abstract type given to `copy`, whose type
-- parameter is not lifted.
-- ==
-- error: is lifted

module type bag = {
  type~ bag
  val make : i64 -> bag
}

module bags : bag = {
  type~ bag = []i32
  def make (n: i64) : bag = replicate n 0
}

def duplicate (n: i64) = copy (bags.make n)
