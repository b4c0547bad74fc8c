-- Constructor arity mismatch in an expression: `#span` takes two payloads but gets one.
-- ==
-- error: Cannot unify constructor "span"

type interval = #empty | #span i64 i64

def from_len (n: i64) : interval =
  if n == 0 then #empty else #span n
