-- Existential return sizes ?[m].[m]t for results whose size is computed.

-- | The result size depends on the data.
def evens (xs: []i32) : ?[m].[m]i32 = filter (\x -> x % 2 == 0) xs

-- | Two existential sizes in one type.
def block (n: i64) : ?[a][b].[a][b]i32 =
  let a = n / 2
  let b = n - a
  in replicate a (replicate b 0)

-- | Existential size inside a tuple result.
def split_pos (xs: []f32) : ?[k][l].([k]f32, [l]f32) = partition (> 0.0) xs

entry main (xs: []i32) : []i32 = evens xs

entry others (n: i64) (fs: []f32) : ([][]i32, ([]f32, []f32)) = (block n, split_pos fs)
