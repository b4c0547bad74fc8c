-- Index sections (.[i]) and (.[i, j]) applied with map.

def first_of_rows [n][m] (xss: [n][m]i32) : [n]i32 = map (.[0]) xss

def diagonal_corner (xsss: [][][]f32) : []f32 = map (.[0, 0]) xsss

-- | Second column via an index section on a matrix row.
def second_column [n][m] (xss: [n][m]i32) : [n]i32 = map (.[1]) xss

entry main (xss: [][]i32) : []i32 = first_of_rows xss

entry corners (xsss: [][][]f32) : []f32 = diagonal_corner xsss

entry seconds (xss: [][]i32) : []i32 = second_column xss
