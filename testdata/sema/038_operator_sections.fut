-- Operator sections: left, right, and the bare operator as a function.

def halves (xs: []f32) = map (/ 2) xs
def reciprocal (xs: []f32) = map (1 /) xs
def add_all (xs: []i32) = reduce (+) 0 xs
def lt_all (x: i32) (ys: []i32) = map (x <) ys
def fields (ps: [](i32, f32)) = (map (.0) ps, map (.1) ps)
def neg_all (xs: []i64) = map (0 -) xs
