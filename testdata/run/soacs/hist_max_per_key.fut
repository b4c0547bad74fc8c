-- description: hist with f32.max to find the largest value per key.
-- ==
-- input { [0i64, 1i64, 0i64, 2i64] [1.5f32, -2.0f32, 3.5f32, 0.0f32] } output { [3.5f32, -2.0f32, 0.0f32] }
-- input { empty([0]i64) empty([0]f32) } output { [-f32.inf, -f32.inf, -f32.inf] }

def main [n] (keys: [n]i64) (vals: [n]f32) = hist f32.max (-f32.inf) 3 keys vals
