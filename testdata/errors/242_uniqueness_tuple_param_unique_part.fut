-- A tuple parameter with a unique part consumes the array passed for that part; the alias `backup` is used after.
-- ==
-- error: Using variable "samples", but this was consumed

def clear_first (pair: (i64, *[]f32)) : f32 =
  let (i, xs) = pair
  let xs[i] = 0
  in xs[i]

def summarise (n: i64) : f32 =
  let samples = map f32.i64 (iota n)
  let backup = samples
  let c = clear_first (0, samples)
  in c + backup[1]
