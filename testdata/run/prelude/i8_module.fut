-- description: i8 module functions: abs, sgn, min, max and widening to i32.
-- ==
-- entry: funcs
-- input { -100i8 50i8 } output { 100i8 -1i8 -100i8 50i8 -100 }

entry funcs (a: i8) (b: i8) = (i8.abs a, i8.sgn a, i8.min a b, i8.max a b, i32.i8 a)
