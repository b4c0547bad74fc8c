-- Chunked processing written by hand with unflatten, map and reduce (0.25.27 has no stream_map/stream_red).

def chunked_sum (k: i64) (m: i64) (xs: [k * m]f32) : f32 =
  let chunks : [k][m]f32 = unflatten xs
  let partial = map f32.sum chunks
  in reduce (+) 0 partial

def chunked_max [n] (xs: [n]i32) : i32 =
  let m = 4
  let k = n / m
  in i32.maximum (map i32.maximum (unflatten (xs[0:k * m] :> [k * m]i32)))
