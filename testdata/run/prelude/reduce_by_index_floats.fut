-- description: reduce_by_index with f32 multiplication into an initialised array.
-- ==
-- input { [1.0f32, 2.0f32] [0i64, 0i64, 1i64] [3.0f32, 0.5f32, 4.0f32] } output { [1.5f32, 8.0f32] }

def main [n] (dest: *[]f32) (is: [n]i64) (vs: [n]f32) = reduce_by_index dest (*) 1 is vs
