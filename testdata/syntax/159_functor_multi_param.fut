-- Functors with several parameters and curried application.

module type key = { type t val hash : t -> u32 }
module type value = { type t val combine : t -> t -> t val empty : t }

-- | Combine values per hash bucket.
module bucketing (K: key) (V: value) = {
  def bucketise [n] (buckets: i64) (ks: [n]K.t) (vs: [n]V.t) : [buckets]V.t =
    let is = map (\k -> i64.u32 (K.hash k) % buckets) ks
    in reduce_by_index (replicate buckets V.empty) V.combine V.empty is vs
}

module int_key = { type t = i32 def hash (x: i32) : u32 = u32.i32 x * 2654435761u32 }
module float_sum = { type t = f32 def combine (a: f32) (b: f32) = a + b def empty = 0.0f32 }

module buckets = bucketing int_key float_sum

-- | Partial application of the first parameter, then the second.
module partly = bucketing int_key
module buckets' = partly float_sum

entry main [n] (ks: [n]i32) (vs: [n]f32) : ([16]f32, [4]f32) =
  (buckets.bucketise 16 ks vs, buckets'.bucketise 4 ks vs)
