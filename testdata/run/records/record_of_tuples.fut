-- description: records whose fields are tuples, accessed with mixed projections.
-- ==
-- input { } output { 1 4 }

def main =
  let r = {p = (1, 2), q = (3, 4)}
  in (r.p.0, r.q.1)
