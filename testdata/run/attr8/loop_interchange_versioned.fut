-- description: without an attribute, a map ending in a parallel loop
-- gets its versions: a thread per row running the loop, a work-group per
-- row, and the loop interchanged outward (a host loop launching a map per
-- iteration).
-- ==
-- structure gpu { /If/False/If/False/Loop 1 /If/True/SegMap 1 }
-- input { [[1f32, 2], [3, 4]] } output { [[13f32, 14], [31f32, 32]] }
-- input { empty([0][2]f32) } output { empty([0][2]f32) }

entry main [n] [m] (xss: [n][m]f32) : [n][m]f32 =
  map (\xs -> loop ys = xs for _i < 2 do let s = f32.sum ys in map (+ s) ys) xss
