-- In-place updates with an explicitly unique loop parameter and a tuple accumulator.

def bubble_pass [n] (xs: *[n]i32) : *[n]i32 =
  loop (xs: *[n]i32) for i < n - 1 do
    if xs[i] > xs[i + 1]
    then let a = xs[i] let b = xs[i + 1] in xs with [i] = b with [i + 1] = a
    else xs

def two_buffers (n: i64) : ([]f32, []f32) =
  loop (a, b) = (replicate n 0f32, replicate n 1f32) for i < n do
    let ai = a[i]
    let bi = b[i]
    in (a with [i] = bi, b with [i] = ai + 1)
