-- HotSpot (Rodinia): chip temperature on a grid, `steps` explicit steps of
-- a five-point stencil with the power dissipated in each cell. The
-- constants are the usual ones of the benchmark's chip model, simplified.
-- ==
-- entry: main
-- input { 1i32 [[1f32, 1f32], [1f32, 1f32]] [[0f32, 0f32], [0f32, 0f32]] }
-- output { [[1f32, 1f32], [1f32, 1f32]] }
-- input { 1i32 [[0f32, 0f32, 0f32], [0f32, 0f32, 0f32], [0f32, 0f32, 0f32]] [[0f32, 0f32, 0f32], [0f32, 10f32, 0f32], [0f32, 0f32, 0f32]] }
-- output { [[0f32, 0f32, 0f32], [0f32, 1f32, 0f32], [0f32, 0f32, 0f32]] }
-- notest random input { 10i32 [4096][4096]f32 [4096][4096]f32 }

-- One step: every cell moves towards its neighbours (edges repeat) and
-- warms by its power.
def step [n][m] (temp: [n][m]f32) (power: [n][m]f32) : [n][m]f32 =
  let at i j = temp[i64.max 0 (i64.min (n - 1) i), i64.max 0 (i64.min (m - 1) j)]
  in tabulate_2d n m (\i j ->
       let t = temp[i, j]
       let flow = at (i - 1) j + at (i + 1) j + at i (j - 1) + at i (j + 1) - 4 * t
       in t + 0.1 * power[i, j] + 0.2 * flow)

entry main [n][m] (steps: i32) (temp: [n][m]f32) (power: [n][m]f32) : [n][m]f32 =
  loop temp for _i < steps do step temp power
