-- description: sums of irregular segments given by lengths, via scan-generated flags and a segmented scan.
-- ==
-- input { [2i64, 0i64, 3i64, 1i64] [1, 2, 3, 4, 5, 6] } output { [3, 0, 12, 6] }
-- input { [0i64, 0i64] empty([0]i32) } output { [0, 0] }

def main [k][n] (lens: [k]i64) (xs: [n]i32) =
  let ends = scan (+) 0 lens
  let starts = map2 (-) ends lens
  let seg_of = reduce_by_index (replicate n 0i64) (+) 0
                               (map2 (\s l -> if l > 0 then s else -1) starts lens)
                               (replicate k 1)
  let seg_id = map (\x -> x - 1) (scan (+) 0 seg_of)
  -- Map each element to its segment through the non-empty segments only.
  let nonempty = filter (\i -> lens[i] > 0) (iota k)
  let owner = map (\s -> nonempty[s]) seg_id
  in reduce_by_index (replicate k 0) (+) 0 owner xs
