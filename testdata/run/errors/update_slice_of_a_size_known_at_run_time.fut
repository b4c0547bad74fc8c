-- A slice updated with a value whose size is known only at run time and
-- is not the slice's: the interpreter's message on the interpreter and
-- the core backend. Off OpenCL: its runtime reports the mismatch as rows
-- of different shapes, not in these words.
-- ==
-- tags { no_opencl }
-- input { [[1, 2, 3], [4, 5, 6]] 3i64 } error: Cannot update a slice of shape \[2\] with a value of shape \[3\]
-- input { [[1, 2, 3], [4, 5, 6]] 2i64 } output { [[1, 2, 3], [4, 7, 7]] }

def main [m] (a: *[2][m]i32) (k: i64) : [2][m]i32 =
  a with [1, 1:3] = replicate k 7
