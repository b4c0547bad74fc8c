-- description: tuples containing unit values and functions taking unit.
-- ==
-- input { 3 } output { 3 true }

def tag (x: i32) : ((), i32, ()) = ((), x, ())

def main (x: i32) =
  let ((), y, u) = tag x
  in (y, u == ())
