-- A call of a function that takes and gives scalars only moves to the
-- device with the reads of its arguments, so that one value is read
-- back instead of two.
-- ==
-- input { [3, 4, 10] } output { 25 }
-- input { [0, -1, 7] } output { 1 }
-- structure gpu { /GPUBody 1 /GPUBody/Apply 1 /GPUBody/Index 2 /Index 1 }

#[noinline]
def hypot2 (a: i32) (b: i32) : i32 = a * a + b * b

def main (xs: [3]i32) : i32 =
  hypot2 xs[0] xs[1]
