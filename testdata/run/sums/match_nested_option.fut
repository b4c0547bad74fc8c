-- description: matching an option of an option, distinguishing all three shapes.
-- ==
-- input { 0 } output { 0 }
-- input { 1 } output { 1 }
-- input { 2 } output { 42 }

type opt 'a = #none | #some a

def describe (o: opt (opt i32)) : i32 =
  match o
  case #none -> 0
  case #some #none -> 1
  case #some (#some v) -> v

def main (k: i32) =
  describe (if k == 0 then #none else if k == 1 then #some #none else #some (#some 42))
