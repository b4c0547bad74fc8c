-- Array indexing: a[i], a[i, j], a[i, j, k] and indexing parenthesised expressions.

def at (xs: []f32) (i: i64) : f32 = xs[i]

def at2 (m: [][]f32) (i: i64) (j: i64) : f32 = m[i, j]

def at3 (c: [][][]i32) (i: i64) (j: i64) (k: i64) : i32 = c[i, j, k]

-- | Indexing the result of an expression requires parentheses.
def first_sorted (xs: []i32) : i32 = (map (* 2) xs)[0]

-- | Indexing a row and then an element of it.
def row_then_col (m: [][]i32) (i: i64) (j: i64) : i32 =
  let row = m[i]
  in row[j]

-- | Index computed from other indices.
def last (xs: []i32) : i32 = xs[length xs - 1]

entry main (xs: []f32) (m: [][]f32) : (f32, f32) = (at xs 0, at2 m 1 1)

entry ints (c: [][][]i32) (m: [][]i32) (xs: []i32) : (i32, i32, i32, i32) =
  (at3 c 0 0 0, first_sorted xs, row_then_col m 0 0, last xs)
