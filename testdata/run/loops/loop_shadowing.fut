-- description: the loop parameter shadows an outer binding of the same name; the outer one is unchanged afterwards.
-- ==
-- input { 3 } output { 10 3 }
-- input { -7 } output { 0 -7 }

def main (x: i32) =
  let y = loop x = x for _i < 7 do x + 1
  in (y, x)
