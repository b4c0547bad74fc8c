-- Type abbreviations with type and size parameters: vec [n], pair 'a 'b.

type vec [n] = [n]f32
type matrix [n][m] = [n][m]f32
type pair 'a 'b = (a, b)
type two_vecs [n] 't = ([n]t, [n]t)

-- | Using size arguments when referring to a sized abbreviation.
def add [n] (a: vec [n]) (b: vec [n]) : vec [n] = map2 (+) a b

def mat_vec [n][m] (a: matrix [n][m]) (v: vec [m]) : vec [n] =
  map (\row -> f32.sum (map2 (*) row v)) a

def make_pair 'a 'b (x: a) (y: b) : pair a b = (x, y)

-- | An anonymous size passed to an abbreviation.
def any_vec (xs: vec []) : f32 = f32.sum xs

def split_vecs [n] (v: two_vecs [n] i32) : [n]i32 = map2 (-) v.0 v.1

entry main [n] (a: [n]f32) (b: [n]f32) : ([n]f32, f32) = (add a b, any_vec a)

entry mv [n][m] (a: [n][m]f32) (v: [m]f32) : [n]f32 = mat_vec a v

entry others (x: i32) (xs: []i32) : (pair i32 bool, []i32) = (make_pair x true, split_vecs (xs, xs))
