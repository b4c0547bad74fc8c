-- description: a module ascribed a module type hides definitions not in the signature.
-- ==
-- input { 4 } output { 9 }

module type counter = {
  val step : i32 -> i32
}

module by_two : counter = {
  def helper (x: i32) = x + 1
  def step (x: i32) = helper (helper x) + 3
}

def main (x: i32) = by_two.step x
