-- description: definitions inside a module see earlier definitions of the same module and top-level ones.
-- ==
-- input { 2 } output { 12 }

def base = 1i32

module m = {
  def a (x: i32) = x + base
  def b (x: i32) = a x * 4
}

def main (x: i32) = m.b x
