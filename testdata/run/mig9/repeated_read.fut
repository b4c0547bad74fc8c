-- A literal repeating a device read is a replicate of it (a
-- single-thread kernel, as migration makes `replicate 1` of a read); a
-- failing read still fails.
-- ==
-- entry: read
-- input { [4f32, 9f32] } output { [9f32, 9f32] }
-- input { [4f32] } error: out of bounds

entry read [n] (xs: [n]f32) : [2]f32 = [xs[1], xs[1]]
