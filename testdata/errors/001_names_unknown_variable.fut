-- Unknown variable: `lenght` is a misspelling of the prelude's `length`.
-- ==
-- error: Unknown name "lenght"

def mean (xs: []f32) : f32 =
  let total = reduce (+) 0 xs
  in total / f32.i64 (lenght xs)
