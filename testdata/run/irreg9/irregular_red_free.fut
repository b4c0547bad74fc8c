-- description: an irregular reduction of two operands whose mapped
-- function reads a value of its segment (through `repiota`), and
-- statements after it.
-- ==
-- entry: scaled
-- structure gpu { /SegScan 1 /Apply/segiota 1 /Apply/repiota 1 }
-- input { [2i64, 4i64, 0i64] [10i64, -1i64, 5i64] }
-- output { [10i64, 4i64, 0i64] [-20i64, -3i64, 0i64] }
-- input { empty([0]i64) empty([0]i64) } output { empty([0]i64) empty([0]i64) }

entry scaled (ns: []i64) (ks: []i64) : ([]i64, []i64) =
  #[flattening(only_inner)]
  map2 (\n k ->
          let m = n * 2
          let (lo, hi) =
            reduce (\(a, b) (c, d) -> (i64.min a c, i64.max b d))
                   (i64.highest, i64.lowest)
                   (map (\i -> let v = (i - n) * k in (v, v)) (iota m))
          in if m == 0 then (0, 0) else (hi, lo))
       ns ks
  |> unzip
