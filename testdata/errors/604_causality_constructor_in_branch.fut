-- The constructor without payload in the first branch has the type of the
-- second branch's payload, whose size is computed by a filter there.
-- ==
-- error: Causality check

type maybe 'a = #nothing | #just a

def positives (check: bool) (xs: []f32) : maybe ([]f32) =
  if check then #nothing else #just (filter (> 0) xs)
