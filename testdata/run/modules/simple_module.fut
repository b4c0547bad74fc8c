-- description: a plain module with definitions and qualified access.
-- ==
-- input { 5 } output { 25 125 }

module powers = {
  def square (x: i32) = x * x
  def cube (x: i32) = x * square x
}

def main (x: i32) = (powers.square x, powers.cube x)
