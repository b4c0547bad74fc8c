-- The coercion still checks before the value takes its sizes, and a
-- tuple of arrays coerces component by component: `b` has the size of
-- `xs` only when `k` is 0.
-- ==
-- input { 0i64 [1, 2, 3, 4] }
-- output { [1, 2, 3, 4] [1, 2, 3, 4] }
-- input { 3i64 [1, 2, 3, 4] }
-- error: cannot match shape
-- input { 0i64 empty([0]i32) }
-- output { empty([0]i32) empty([0]i32) }

def main [n] (k: i64) (xs: [n]i32) : ([n]i32, [n]i32) =
  let ys = map (+ 0) xs[k:]
  let zs = map (+ 0) xs[:k]
  let (a, b) = (ys ++ zs, zs ++ ys ++ zs) :> ([n]i32, [n]i32)
  in (map (\x -> x) b, map (\x -> x) a)
