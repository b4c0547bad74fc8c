-- description: division by zero inside a map feeding a reduce.
-- ==
-- input { 12 [1, 2, 3] } output { 22 }
-- input { 12 [1, 0, 3] } error: division by zero|Cannot apply operator

def main (k: i32) (ds: []i32) = reduce (+) 0 (map (\d -> k / d) ds)
