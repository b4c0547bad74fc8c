-- Partially applying a consuming function as an argument would consume `buf` once per call of the function.
-- ==
-- error: Argument of functional type.*contains consumption, which is not allowed

def bump (buf: *[]f32) (i: i64) : f32 =
  let buf[i] = buf[i] + 1
  in buf[i]

def twice (f: i64 -> f32) : f32 = f 0 + f 1

def main (buf: *[]f32) : f32 = twice (bump buf)
