-- `match` with no cases, then a case missing its arrow.
def f (x: i32) = match x
def g (x: i32) = match x case 1 2 case _ -> 0
