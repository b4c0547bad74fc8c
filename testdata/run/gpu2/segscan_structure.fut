-- description: a scan over each row is one segmented SegScan.
-- ==
-- structure gpu { SegScan 1 SegMap 0 SegRed 0 }
-- input { [[1f64, 2], [3, 4]] } output { [[2f64, 6], [6f64, 14]] }

entry main (xss: [][]f64) : [][]f64 = map (\xs -> scan (+) 0 (map (* 2) xs)) xss
