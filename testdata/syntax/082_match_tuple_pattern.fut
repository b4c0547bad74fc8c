-- Tuple patterns in match: nested tuples mixed with literals and wildcards.

-- | Rock-paper-scissors: 0 rock, 1 paper, 2 scissors.  Result 1 if a wins.
def beats (a: i32) (b: i32) : i32 =
  match (a, b)
  case (0, 2) -> 1
  case (1, 0) -> 1
  case (2, 1) -> 1
  case (x, y) -> if x == y then 0 else -1

-- | Nested tuple patterns.
def corner (p: ((i32, i32), bool)) : i32 =
  match p
  case ((0, 0), true) -> 1
  case ((0, _), _) -> 2
  case ((_, 0), false) -> 3
  case ((x, y), _) -> x + y

entry main [n] (as: [n]i32) (bs: [n]i32) : [n]i32 = map2 beats as bs

entry corners (x: i32) (y: i32) (b: bool) : i32 = corner ((x, y), b)
