-- error: Sizes "a - 1" and "b - 1" do not match
-- Dropping the first element of arrays of different lengths leaves
-- arrays of different lengths.
def pairs [a] [b] (xs: [a]f32) (ys: [b]f32) = zip xs[1:] ys[1:]
