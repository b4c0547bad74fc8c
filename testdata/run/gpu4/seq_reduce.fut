-- `#[sequential]` on a reduction: one loop, no parallel reduction.
-- ==
-- input { [5i64, 1i64, 9i64, 2i64] } output { 9i64 }
-- structure gpu { SegRed 0 }

entry main (xs: []i64) : i64 =
  #[sequential] reduce i64.max i64.lowest xs
