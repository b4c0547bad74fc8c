-- Match on wrong constructor: a tuple pattern against a sum type.
-- ==
-- error: Pattern[[:space:]]+\(#add[[:space:]]*, _\)[[:space:]]+cannot match value of type

type op = #add | #mul

def apply (o: op) (a: i32) (b: i32) : i32 =
  match o
  case (#add, _) -> a + b
  case _ -> a * b
