-- 'local def' and 'local type' for private helpers inside modules and files.

module rng = {
  -- | Internal state type, hidden from users.
  local type state = u32

  local def lcg (s: state) : state = s * 1664525u32 + 1013904223u32

  -- | Produce n pseudo-random floats in [0, 1).
  def uniform (seed: u32) (n: i64) : [n]f32 =
    let (xs, _) =
      loop (xs, s) = (replicate n 0.0f32, seed) for i < n do
        let s' = lcg s
        in (xs with [i] = f32.u32 (s' >> 8) / 16777216.0, s')
    in xs
}

-- | File-level local helper.
local def clamp01 (x: f32) : f32 = f32.max 0.0 (f32.min 1.0 x)

entry main (seed: u32) (n: i64) : [n]f32 = map clamp01 (rng.uniform seed n)
