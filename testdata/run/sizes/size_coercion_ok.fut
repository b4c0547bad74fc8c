-- description: a size coercion `:>` that succeeds when the sizes agree at run time.
-- ==
-- input { [1, 2, 3] [4, 5, 6] } output { [5, 7, 9] }
-- input { empty([0]i32) empty([0]i32) } output { empty([0]i32) }

def main [n] (xs: [n]i32) (ys: []i32) = map2 (+) xs (ys :> [n]i32)
