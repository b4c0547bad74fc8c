-- A 2D five-point stencil with row/column slices, borders and in-place edits.

-- | One Jacobi relaxation step on the interior; borders are kept.
def relax [n][m] (g: [n][m]f32) : [n][m]f32 =
  tabulate_2d n m (\i j ->
    if i == 0 || j == 0 || i == n - 1 || j == m - 1
    then g[i, j]
    else #[unsafe] (g[i - 1, j] + g[i + 1, j] + g[i, j - 1] + g[i, j + 1]) * 0.25)

-- | Fix the top row to a boundary value and the left column to zero.
def set_boundary [n][m] (g: *[n][m]f32) (top: f32) : *[n][m]f32 =
  let g[0] = replicate m top
  in loop g for i < n do
       let g[i, 0] = 0.0
       in g

-- | Heat flowing through a plate for k iterations.
def simulate [n][m] (k: i32) (g: [n][m]f32) : [n][m]f32 =
  loop g = set_boundary (copy g) 100.0 for _i < k do relax g

-- | Row and column profiles through the middle of the grid.
def profiles [n][m] (g: [n][m]f32) : ([m]f32, [n]f32) = (g[n / 2, :], g[:, m / 2])

-- | The interior of the grid, flipped horizontally.
def interior_flipped [n][m] (g: [n][m]f32) : [][]f32 = g[1:n - 1, ::-1]

-- | Total heat, summed sequentially per row.
def total [n][m] (g: [n][m]f32) : f32 =
  f32.sum (map (\row -> #[sequential] f32.sum row) g)

entry main [n][m] (k: i32) (g: [n][m]f32) : ([n][m]f32, f32) =
  let g' = simulate k g
  in (g', total g')

entry slices [n][m] (g: [n][m]f32) : (([m]f32, [n]f32), [][]f32) = (profiles g, interior_flipped g)

entry poke [n][m] (g: [n][m]f32) : [n][m]f32 = copy g with [n - 1, m - 1] = -1.0
