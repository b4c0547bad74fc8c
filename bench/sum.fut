-- Sum of f32: one reduction over a large array.
-- ==
-- input { [1f32, 2f32, 3f32, 4f32] } output { 10f32 }
-- random input { [1000]f32 }
-- notest random input { [10000000]f32 }
-- notest random input { [100000000]f32 }
-- notest random input { [268435456]f32 }

entry main (xs: []f32) : f32 = f32.sum xs
