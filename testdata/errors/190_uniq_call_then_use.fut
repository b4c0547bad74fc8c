-- Consumption through a function call taking `*`, then using the argument again.
-- ==
-- error: Using variable "grid", but this was consumed

def set_cell (g: *[][]u8) (i: i64) (j: i64) : *[][]u8 =
  g with [i, j] = 1

def step (grid: *[][]u8) =
  let next = set_cell grid 0 0
  in (next, grid[0, 0])
