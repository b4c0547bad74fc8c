-- Uniqueness done right: results inferred unique without a declared type, tuple parameters consuming only their unique part, loops consuming a copy, closures used before what they capture is consumed.

-- No declared result type: the result aliases no parameter, so it is unique.
def ramp (n: i64) = map (\i -> f32.i64 i * 0.5) (iota n)

-- Both parts are fresh and distinct, so both are unique.
def two_buffers (n: i64) = (replicate n 0f32, replicate n 1f32)

-- Only the second part of the tuple is consumed; the first is just read.
def scatter_one (src: []f32, dst: *[]f32) (i: i64) : *[]f32 =
  dst with [i] = src[i]

def main (n: i64) : ([]f32, f32) =
  let r = ramp n
  let r[0] = 42
  let (a, b) = two_buffers n
  let a[0] = 1
  let b[0] = 2
  let keep = copy r
  let r = scatter_one (keep, r) 1
  let scale = \k -> keep[k] * 2
  let s = scale 0
  let acc =
    loop acc = copy keep for i < n do
      acc with [i] = acc[i] + r[i]
  in (acc, s + a[0] + b[0])
