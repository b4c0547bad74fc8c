-- description: chained projections on nested tuples `t.1.0.1`.
-- ==
-- input { } output { 3 true }

def main =
  let t = (1, ((2, 3), true))
  in (t.1.0.1, t.1.1)
