-- A coercion of a whole nest: each plane's rows are rotated by the
-- plane's amount, and the plane coerced to `[r][c]`; a second map reads
-- the coerced planes, so the nests fuse through the coercion.
-- ==
-- input { [1i64, 0i64] [[[1, 2, 3], [4, 5, 6]], [[7, 8, 9], [10, 11, 12]]] }
-- output { [[[2, 3, 1], [5, 6, 4]], [[7, 8, 9], [10, 11, 12]]] [8, 13] }
-- input { [2i64] [[[1, 2]]] }
-- output { [[[1, 2]]] [2] }

def main [p][r][c] (by: [p]i64) (cube: [p][r][c]i32) : ([p][r][c]i32, [p]i32) =
  let turned =
    map2 (\k plane ->
            let left = map (\row -> row[k % c:]) plane
            let right = map (\row -> row[:k % c]) plane
            in (map2 (++) left right) :> [r][c]i32)
         by cube
  let firsts = map (\plane -> i32.sum (map (\row -> row[0]) plane)) turned
  in (turned, map2 (\f plane -> f - plane[0, 0] + i32.i64 (length plane[0])) firsts turned)
