-- Size patterns in let bindings name the unknown size of a filtered array.

def compact (xs: []f32) : (i64, []f32) =
  let [k] (kept: [k]f32) = filter (\x -> !(f32.isnan x)) xs
  let sq : [k]f32 = map (\x -> x * x) kept
  in (k, sq)

def use_size [n] (xs: [n]i32) : i64 = n * 2
