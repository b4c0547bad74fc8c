-- Tuple arity: a let pattern with three components against a pair.
-- ==
-- error: Pattern[[:space:]]+\(a, b, c\)[[:space:]]+cannot match value of type

def unpack (p: (i32, i32)) : i32 =
  let (a, b, c) = p
  in a + b + c
