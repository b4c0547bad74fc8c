-- Record patterns in match: punned fields, field = pattern, nested tuples.

type item = {a: i32, b: (i32, bool), c: f32}

def score (r: item) : i32 =
  match r
  case {a = 0, b = (x, _), c = _} -> x
  case {a, b = (_, true), c = _} -> a * 2
  case {a, b = (y, false), c} -> a + y + i32.f32 c

-- | Record patterns with a literal field and punning.
def origin_dist (p: {x: i32, y: i32}) : i32 =
  match p
  case {x = 0, y} -> i32.abs y
  case {x, y = 0} -> i32.abs x
  case {x, y} -> i32.abs x + i32.abs y

entry main (a: i32) (b0: i32) (b1: bool) (c: f32) : i32 = score {a, b = (b0, b1), c}

entry dist (x: i32) (y: i32) : i32 = origin_dist {x, y}
