-- Several entry points in one file sharing helpers, plus a main function.

def normalise [n] (xs: [n]f32) : [n]f32 =
  let s = f32.sum xs
  in if s == 0.0 then xs else map (/ s) xs

-- | Normalise a histogram.
entry probabilities (xs: []f32) : []f32 = normalise xs

-- | Shannon entropy of a normalised histogram.
entry entropy (xs: []f32) : f32 =
  normalise xs
  |> map (\p -> if p > 0.0 then -p * f32.log2 p else 0.0)
  |> f32.sum

-- | Cross entropy between two distributions.
entry cross_entropy [n] (ps: [n]f32) (qs: [n]f32) : f32 =
  f32.sum (map2 (\p q -> if p > 0.0 then -p * f32.log q else 0.0) (normalise ps) (normalise qs))

-- | A function named main is always an entry point.
def main (xs: []f32) : f32 = entropy xs
