-- A chain of maps ending in a reduction: fusion makes one SOAC of it.
-- ==
-- input { [1f32, 2f32, 3f32] } output { 17f32 }
-- random input { [1000]f32 }
-- notest random input { [10000000]f32 }
-- notest random input { [100000000]f32 }

entry main (xs: []f32) : f32 =
  let ys = map (\x -> x * x) xs
  let zs = map (\y -> y + 1) ys
  in reduce (+) 0 (map (\z -> z / 1) zs)
