-- Anonymous sizes [] in parameter and return types.

def total (xs: []i32) : i32 = reduce (+) 0 xs

-- | Anonymous sizes in a nested array type.
def row_lengths (xss: [][]f32) : []i64 = map (\_ -> length xss[0]) xss

-- | An anonymous size in the return type becomes existential.
def positives (xs: []f32) : []f32 = filter (> 0.0) xs

-- | Mixing named and anonymous sizes.
def prepend [n] (x: i32) (xs: [n]i32) : []i32 = [x] ++ xs

entry main (xs: []i32) : (i32, []i32) = (total xs, prepend 0 xs)

entry others (xss: [][]f32) (ys: []f32) : ([]i64, []f32) = (row_lengths xss, positives ys)
