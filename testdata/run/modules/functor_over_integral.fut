-- description: a functor over the prelude `integral` module type, applied to u8 and i64 (wrapping differs).
-- ==
-- entry: sum_u8
-- input { [200u8, 100u8] } output { 44u8 }

-- ==
-- entry: sum_i64
-- input { [200i64, 100i64] } output { 300i64 }

module summer (I: integral) = {
  def total (xs: []I.t) = reduce (I.+) (I.i32 0) xs
}

module su8 = summer u8
module si64 = summer i64

entry sum_u8 (xs: []u8) = su8.total xs
entry sum_i64 (xs: []i64) = si64.total xs
