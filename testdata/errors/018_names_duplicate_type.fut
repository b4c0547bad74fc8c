-- Duplicate definition: type `idx` is defined twice.
-- ==
-- error: Duplicate definition of type idx

type idx = i64
type idx = i32

def first (xs: []f32) (i: idx) = xs[i]
