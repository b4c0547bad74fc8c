-- error: Sizes "rows" and "cols" do not match
-- A square pattern over a rectangular value: the mismatch names the size
-- the pattern met first, then the one that disagrees with it.
def square (rows: i64) (cols: i64) =
  let [s] (grid: [s][s]f32) = replicate rows (replicate cols 0f32)
  in s
