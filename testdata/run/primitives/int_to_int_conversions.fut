-- description: conversions between integer types truncate or sign/zero-extend.
-- ==
-- entry: narrow
-- input { 300 } output { 44i8 44u8 300i16 }
-- input { -1 } output { -1i8 255u8 -1i16 }
-- input { 65535 } output { -1i8 255u8 -1i16 }

-- ==
-- entry: widen_signed
-- input { -1i8 } output { -1i32 -1i64 255u32 }
-- input { 100i8 } output { 100i32 100i64 100u32 }

-- ==
-- entry: widen_unsigned
-- input { 255u8 } output { 255i32 255i64 -1i8 }

entry narrow (x: i32) = (i8.i32 x, u8.i32 x, i16.i32 x)

-- Sign extension happens only between signed types: u32.i8 zero-extends the byte.
entry widen_signed (x: i8) = (i32.i8 x, i64.i8 x, u32.i8 x)

-- Zero extension from an unsigned source.
entry widen_unsigned (x: u8) = (i32.u8 x, i64.u8 x, i8.u8 x)
