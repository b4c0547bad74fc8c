-- description: an irregular reduction by an operator that is not
-- commutative keeps the order of each segment's elements.
-- Affine maps composed left to right: associative, not commutative.
-- ==
-- entry: compose
-- structure gpu { /SegScan 1 /Apply/segiota 1 }
-- input { [3i64, 0i64, 2i64] } output { [4i64, 1i64, 2i64] [7i64, 0i64, 2i64] }

entry compose (ns: []i64) : ([]i64, []i64) =
  #[flattening(only_inner)]
  map (\n ->
         reduce (\(a, b) (c, d) -> (a * c, b * c + d)) (1, 0)
                (map (\i -> if i % 2 == 0 then (2, i + 1) else (1, i)) (iota n)))
      ns
  |> unzip
