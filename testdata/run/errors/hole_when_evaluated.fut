-- description: a hole (`???`) is an error only when it is evaluated.
-- ==
-- input { 0 } output { 0 [1, 2] }
-- input { 2 } error: Hole
-- input { -1 } error: hole

def unfinished (x: i32) : i32 = ???

def main (x: i32) =
  let y = loop acc = x for _i < x do unfinished acc
  in (y, if x >= 0 then [1, 2] else ???)
