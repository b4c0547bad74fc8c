-- description: a run-time error raised inside a function defined in a module.
-- ==
-- input { [1, 2, 3] 1i64 } output { 2 }
-- input { [1, 2, 3] 5i64 } error: Index \[5\] out of bounds

module safe = {
  def get (xs: []i32) (i: i64) = xs[i]
}

def main (xs: []i32) (i: i64) = safe.get xs i
