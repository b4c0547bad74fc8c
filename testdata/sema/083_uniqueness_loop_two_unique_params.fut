-- Uniqueness: two unique loop parameters, each updated separately.

def split_signs (xs: []i32) : ([]i32, []i32) =
  let n = length xs
  let (pos, neg, _, _) =
    loop (pos, neg, np, nn) = (replicate n 0, replicate n 0, 0, 0) for x in xs do
      if x >= 0 then (pos with [np] = x, neg, np + 1, nn)
      else (pos, neg with [nn] = x, np, nn + 1)
  in (pos, neg)
