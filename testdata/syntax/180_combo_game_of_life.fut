-- Conway's Game of Life on a torus: nested array literals, %% wrap-around, bool matches.

-- | A glider in the top-left corner of a 5x5 board.
def glider : [5][5]bool =
  [ [false, true, false, false, false]
  , [false, false, true, false, false]
  , [true, true, true, false, false]
  , [false, false, false, false, false]
  , [false, false, false, false, false]
  ]

-- | Number of live neighbours, wrapping around the edges.
def neighbours [n][m] (b: [n][m]bool) (i: i64) (j: i64) : i32 =
  let offsets = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]
  in i32.sum (map (\(di, dj) -> i32.bool b[(i + di + n) %% n, (j + dj + m) %% m]) offsets)

-- | The rules of life as a match on (alive, neighbour count).
def rule (alive: bool) (k: i32) : bool =
  match (alive, k)
  case (true, 2) -> true
  case (true, 3) -> true
  case (false, 3) -> true
  case (_, _) -> false

def step [n][m] (b: [n][m]bool) : [n][m]bool =
  tabulate_2d n m (\i j -> rule b[i, j] (neighbours b i j))

-- | Run until the population dies or k generations have passed.
def run [n][m] (k: i32) (b: [n][m]bool) : ([n][m]bool, i32) =
  let population (x: [n][m]bool) = i32.sum (map i32.bool (flatten x))
  in loop (b, gen) = (b, 0) while gen < k && population b > 0 do (step b, gen + 1)

-- | The first column, using an index section.
def first_column [n][m] (b: [n][m]bool) : [n]bool = map (.[0]) b

entry main (k: i32) : ([5][5]bool, i32) = run k (copy glider)

entry from_ints [n][m] (k: i32) (cells: [n][m]i32) : [n][m]bool = (run k (map (map (== 1)) cells)).0

entry column : [5]bool = first_column (copy glider)
