-- description: a local module definition shadows a top-level one of the same name within its scope.
-- ==
-- input { 2 } output { 20 200 }

module k = { def v = 10i32 }

module wrapper = {
  module k = { def v = 100i32 }
  def scaled (x: i32) = x * k.v
}

def main (x: i32) = (x * k.v, wrapper.scaled x)
