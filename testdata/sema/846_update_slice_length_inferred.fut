-- The target of an in-place update through a slice takes its length from
-- the value written, whatever its bounds say.
def put [n] [m] (dst: *[n]f32) (src: [m]f32) (at: i64) : *[n]f32 =
  let dst[at:at + m] = src
  in dst
def put_with [n] [m] (dst: *[n]f32) (src: [m]f32) (at: i64) : *[n]f32 =
  dst with [at:at + m] = src
