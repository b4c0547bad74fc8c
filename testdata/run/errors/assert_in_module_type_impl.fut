-- description: an assertion guarding a module's invariant (non-negative balance) fails when violated.
-- ==
-- input { [10, -3, -4] } output { 3 }
-- input { [10, -30] } error: Assertion is false|b \+ d >= 0

module account = {
  def apply (b: i32) (d: i32) = assert (b + d >= 0) (b + d)
}

def main (ds: []i32) = loop b = 0 for d in ds do account.apply b d
