-- Refutable pattern in a let binding: the constructor may not match.
-- ==
-- error: Refutable pattern not allowed here

type opt = #some i32 | #none

def unwrap (o: opt) : i32 =
  let #some x = o
  in x
