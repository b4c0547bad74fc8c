-- description: records returned from both branches of an if.
-- ==
-- input { true } output { 1 -1 }
-- input { false } output { -1 1 }

def main (b: bool) =
  let r = if b then {pos = 1, neg = -1} else {neg = 1, pos = -1}
  in (r.pos, r.neg)
