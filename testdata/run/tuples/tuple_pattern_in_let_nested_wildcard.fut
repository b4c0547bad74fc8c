-- description: ignoring parts of nested tuples with wildcard patterns.
-- ==
-- input { } output { 4 }

def main =
  let (_, (_, (x, _))) = (1, (2, (4, 8)))
  in x
