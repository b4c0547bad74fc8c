-- description: an empty array literal returned by an entry point takes its
-- element type from the declared result and its row sizes from the
-- annotations it passes through (also through the core back end).
-- ==
-- entry: rows_of_param
-- input { 4i64 } output { 4i64 empty([0][4]f32) }

-- ==
-- entry: rows_of_annotation
-- input { 7i32 } output { 7i32 empty([0][2]u8) }

-- ==
-- entry: known_element
-- input { 2i64 } output { empty([0]i16) empty([2][0]i16) }

def nothing 't (k: i64) = (k, [] : [0]t)

entry rows_of_param k : (i64, [][k]f32) = nothing k

def none_of (w: i64) (x: i32) : (i32, [0][w]u8) = (x, [])

entry rows_of_annotation (x: i32) : (i32, [][2]u8) = none_of 2 x

entry known_element (n: i64) : ([]i16, [n][0]i16) =
  let e : [0]i16 = []
  in (e, replicate n [])
