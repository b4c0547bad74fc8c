-- description: total of a 3D array by reducing every level.
-- ==
-- input { [[[1, 2], [3, 4]], [[5, 6], [7, 8]]] } output { 36 }

def main (a: [][][]i32) = reduce (+) 0 (map (\m -> reduce (+) 0 (map (reduce (+) 0) m)) a)
