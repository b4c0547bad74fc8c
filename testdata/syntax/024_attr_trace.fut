-- The #[trace] and #[trace(tag)] debugging attributes on expressions.

def f (x: i32) : i32 =
  let y = #[trace] (x * 2)
  let z = #[trace(after_add)] (y + 1)
  in z

-- | Trace a whole intermediate array.
entry main (xs: []i32) : i32 =
  let ys = #[trace(mapped)] map f xs
  in #[trace(result)] i32.sum ys

entry tagged (x: f32) : f32 = #[trace(input)] x |> f32.sqrt
