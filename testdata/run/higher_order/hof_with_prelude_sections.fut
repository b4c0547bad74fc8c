-- description: qualified prelude functions (f64.sqrt, i32.abs, f32.max) passed as arguments.
-- ==
-- input { [-4, 9] [1.0f32, -1.0f32] } output { [4, 9] [1.0f32, 0.0f32] }

def main (xs: []i32) (ys: []f32) = (map i32.abs xs, map (f32.max 0) ys)
