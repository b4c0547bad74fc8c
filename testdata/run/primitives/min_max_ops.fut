-- description: min and max on various primitive types, picking the unsigned interpretation for unsigned types.
-- ==
-- entry: minmax
-- input { -3 7 200u8 100u8 } output { -3 7 100u8 200u8 }

entry minmax (a: i32) (b: i32) (c: u8) (d: u8) =
  (i32.min a b, i32.max a b, u8.min c d, u8.max c d)
