-- A parameter's anonymous size and a length computed inside the body
-- meet in a branch: the branch gets a new size, and the parameter keeps
-- its own (no scope violation).
def tail_or_all (p: []f64) : []f64 =
  let n = length p
  in if n <= 1 then copy p else p[1:n]

def shifted (xs: []i32) =
  let k = length xs - 1
  in if k > 0 then map (+ 1) (iota k |> map i32.i64) else xs
