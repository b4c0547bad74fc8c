-- description: a random-input smoke test over f32 arrays: mean and max of absolute values.
-- ==
-- random input { [200]f32 }
-- input { [1.0f32, -3.0f32] } output { 2.0f32 3.0f32 }

def main (xs: []f32) =
  let a = map f32.abs xs
  in (f32.sum a / f32.i64 (length a), f32.maximum a)
