-- Sizes computed before the values that need them: a `let` first, a
-- forward pipe evaluating its left operand first, a loop's result
-- projected after the loop, and a constructor once its branch is bound.

type maybe 'a = #nothing | #just a

def count (ys: []i32) =
  let kept = filter (< 3) ys
  in (\h -> h kept) (\_ -> 1i32)

def piped (ys: []i32) =
  filter (< 3) ys |> (\(_: []i32) -> 0i32)

def doubled : []i64 =
  (loop (acc: []i64, c) = ([1], 0i32) for _k < 4 do (acc ++ acc, c + 1))
  |> (.0)

def positives (check: bool) (xs: []f32) : maybe ([]f32) =
  let kept = filter (> 0) xs
  in if check then #nothing else #just kept

def prefix_rows (a: []i32) (m: [][]i32) =
  let front = filter (!= 0) a
  in map (front ++) m
