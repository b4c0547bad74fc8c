-- description: a reduction over each row, after a map using a value of the
-- row, is one segmented SegRed; the map computing its operands is part of
-- it, as Futhark fuses them.
-- ==
-- structure gpu { SegRed 1 SegMap 0 SegScan 0 /SegRed/SegBinOp 1 }
-- input { [[1i32, 2], [3, 4]] } output { [6i32, 28] }

entry main (xss: [][]i32) : []i32 =
  map (\xs -> let a = xs[1] in reduce (+) 0 (map (* a) xs)) xss
