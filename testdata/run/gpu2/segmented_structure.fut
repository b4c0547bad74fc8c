-- description: a reduction over each row, after a map using a value of the
-- row, is one segmented SegRed; the map computing its operands is part of
-- it, as Futhark fuses them. As in Futhark, it is the flattened version
-- of two: the other runs a thread per row (for many rows).
-- ==
-- structure gpu { SegRed 1 /If/True/SegMap 1 SegMap 1 SegScan 0 /If/False/SegRed/SegBinOp 1 }
-- input { [[1i32, 2], [3, 4]] } output { [6i32, 28] }

entry main (xss: [][]i32) : []i32 =
  map (\xs -> let a = xs[1] in reduce (+) 0 (map (* a) xs)) xss
