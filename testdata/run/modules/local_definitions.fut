-- description: `local` definitions inside a module are usable internally but not exported.
-- ==
-- input { 5 } output { 36 }

module m = {
  local def helper (x: i32) = x + 1
  def public_fn (x: i32) = helper x * helper x
}

def main (x: i32) = m.public_fn x
