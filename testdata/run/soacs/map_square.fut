-- description: map with a lambda over i32 and f32 arrays.
-- ==
-- input { [1, -2, 3] [0.5f32, 2.0f32] } output { [1, 4, 9] [0.25f32, 4.0f32] }
-- input { empty([0]i32) empty([0]f32) } output { empty([0]i32) empty([0]f32) }

def main (xs: []i32) (ys: []f32) = (map (\x -> x * x) xs, map (\y -> y * y) ys)
