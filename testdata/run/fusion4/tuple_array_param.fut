-- An entry point taking an array of pairs and a record (opaque to the
-- value format) still compiles to the core IR, as separate arrays and
-- scalars, so its structure can be counted: the maps over the pairs and
-- the reduction become one screma.
-- ==
-- structure { Screma 1 }

entry main (ps: [](i64, i64)) (r: {scale: i64, shift: i64}) : i64 =
  let sums = map (\(a, b) -> a + b + r.shift) ps
  in reduce (+) 0 (map (\s -> s * r.scale) sums)
