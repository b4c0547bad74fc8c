-- The loop consumes its initial value `grid` before the body runs, yet the body reads `view`, an alias of `grid`.
-- ==
-- error: Loop body uses variable "view" \(or an alias\),.*consumed by the initial loop argument

def smooth (steps: i64) (grid: *[][]f32) : [][]f32 =
  let view = transpose grid
  in loop g = grid for s < steps do
       let g[0, 0] = view[0, 0] + f32.i64 s
       in g
