-- description: the loop counter takes the type of the bound (i64, i8, i16); bounds must be signed integers.
-- ==
-- input { 5i64 3i8 4i16 } output { 10i64 3i8 6i16 }
-- input { 0i64 -1i8 1i16 } output { 0i64 0i8 0i16 }

def main (a: i64) (b: i8) (c: i16) =
  ( loop s = 0 for i < a do s + i
  , loop s = 0 for i < b do s + i
  , loop s = 0 for i < c do s + i )
