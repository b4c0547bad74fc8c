-- Prelude: hist and reduce_by_index.

def counts [n] (k: i64) (bins: [n]i64) : [k]i32 =
  hist (+) 0 k bins (replicate n 1)

def max_per_bucket [n] (k: i64) (bins: [n]i64) (vals: [n]f32) : [k]f32 =
  reduce_by_index (replicate k (-f32.inf)) f32.max (-f32.inf) bins vals
