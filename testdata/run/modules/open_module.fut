-- description: `open` brings a module's names into scope.
-- ==
-- input { 2.0 } output { 4.0 8.0 }

module geometry = {
  def square (x: f64) = x * x
  def cube (x: f64) = x * x * x
}

open geometry

def main (x: f64) = (square x, cube x)
