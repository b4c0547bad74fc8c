-- description: arithmetic on each integer width uses that width's wrapping; results compared after widening.
-- ==
-- entry: sum_bytes
-- input { [100u8, 100u8, 100u8] } output { 44u8 300i32 }

-- ==
-- entry: average_i16
-- input { [30000i16, 30000i16] } output { -2768i16 30000i16 }

entry sum_bytes (xs: []u8) =
  (reduce (+) 0 xs, reduce (+) 0 (map i32.u8 xs))

-- Averaging naively overflows; widening first does not.
entry average_i16 (xs: []i16) =
  let n = i16.i64 (length xs)
  in (reduce (+) 0 xs / n, i16.i32 (reduce (+) 0 (map i32.i16 xs) / i32.i16 n))
