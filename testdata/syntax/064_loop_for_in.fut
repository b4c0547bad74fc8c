-- The for-in loop form: loop acc = init for x in xs do body.

def sum (xs: []f32) : f32 = loop acc = 0.0 for x in xs do acc + x

-- | Running maximum with a tuple pattern over zipped input.
def argmax (xs: []f32) : i64 =
  let (_, best) =
    loop (m, bi) = (f32.lowest, -1) for (x, i) in zip xs (indices xs) do
      if x > m then (x, i) else (m, bi)
  in best

-- | Iterating over rows of a matrix.
def row_count_positive (xss: [][]i32) : i32 =
  loop n = 0 for row in xss do
    if i32.sum row > 0 then n + 1 else n

entry main (xs: []f32) : (f32, i64) = (sum xs, argmax xs)

entry rows (xss: [][]i32) : i32 = row_count_positive xss

entry over_range (n: i64) : i64 = loop acc = 0 for i in 1...n do acc + i * i
