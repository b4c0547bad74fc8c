-- Rebinding and shadowing names in nested lets, with primes for variants.

def pipeline (x: i32) : i32 =
  let x = x + 1
  let x = x * 2
  let x' = x - 3
  let x = x' + x
  in x

-- | A parameter shadowed inside a lambda.
entry shadow_map (x: i32) (xs: []i32) : []i32 =
  map (\x -> x + 1) xs |> map (\y -> y * x)

entry main (x: i32) : i32 = pipeline x
