-- description: a functor over the prelude `real` module type, applied to f32 and f64.
-- ==
-- entry: rms32
-- input { [3.0f32, 4.0f32] } output { 3.535534f32 }

-- ==
-- entry: rms64
-- input { [3.0, 4.0] } output { 3.5355339059327378 }

module rms (R: real) = {
  def rms (xs: []R.t) : R.t =
    let sq = reduce (R.+) (R.i32 0) (map (\x -> x R.* x) xs)
    in R.sqrt (sq R./ R.i64 (length xs))
}

module r32 = rms f32
module r64 = rms f64

entry rms32 (xs: []f32) = r32.rms xs
entry rms64 (xs: []f64) = r64.rms xs
