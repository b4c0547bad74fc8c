-- description: scatter whole rows into a 2D destination.
-- ==
-- input { [[0, 0], [0, 0], [0, 0]] [2i64, 0i64] [[1, 2], [3, 4]] } output { [[3, 4], [0, 0], [1, 2]] }
-- input { [[0, 0]] [5i64] [[1, 1]] } output { [[0, 0]] }

def main [k] (dest: *[][2]i32) (is: [k]i64) (rows: [k][2]i32) = scatter dest is rows
