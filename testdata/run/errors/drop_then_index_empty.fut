-- description: indexing an empty result of drop fails.
-- ==
-- input { [1, 2, 3] 2i64 } output { 3 }
-- input { [1, 2, 3] 3i64 } error: out of bounds

def main (xs: []i32) (k: i64) = (drop k xs)[0]
