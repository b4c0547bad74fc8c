-- description: modules exporting constants, including arrays.
-- ==
-- input { 2i64 } output { 5 3.0 }

module consts = {
  def primes : []i32 = [2, 3, 5, 7]
  def three = 3.0f64
}

def main (i: i64) = (consts.primes[i], consts.three)
