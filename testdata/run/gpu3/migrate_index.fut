-- description: an element used as the index of another read: both reads
-- happen on the device (the index is checked there) and one value is read
-- back.
-- ==
-- structure gpu { /GPUBody 1 /GPUBody/Index 2 /Index 1 }
-- input { [2i64, 7, 30, 40] } output { 30i64 }
-- input { [9i64, 7, 30, 40] } error: Index \[9\] out of bounds
-- input { [-1i64, 7, 30, 40] } error: out of bounds

entry main (ks: []i64) : i64 =
  let k = ks[0]
  in ks[k]
