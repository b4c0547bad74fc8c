-- description: the same functor applied twice gives independent modules.
-- ==
-- input { 5 } output { 15 50 }

module type scalar = { val k : i32 }

module scaler (S: scalar) = {
  def apply (x: i32) = x * S.k
}

module by3 = scaler { def k = 3i32 }
module by10 = scaler { def k = 10i32 }

def main (x: i32) = (by3.apply x, by10.apply x)
