-- description: the unit value () as a function argument and a tuple component.
-- ==
-- input { 4 } output { 42 4 }

def answer () : i32 = 42

def main (x: i32) =
  let ((), y) = ((), x)
  in (answer (), y)
