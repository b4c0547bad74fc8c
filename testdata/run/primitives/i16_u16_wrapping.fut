-- description: 16-bit integers wrap around on overflow.
-- ==
-- entry: inc_i16
-- input { 32767i16 } output { -32768i16 }
-- input { -1i16 } output { 0i16 }

-- ==
-- entry: inc_u16
-- input { 65535u16 } output { 0u16 }
-- input { 41u16 } output { 42u16 }

-- ==
-- entry: mul_i16
-- input { 256i16 256i16 } output { 0i16 }
-- input { 300i16 300i16 } output { 24464i16 }
-- input { -200i16 200i16 } output { 25536i16 }

entry inc_i16 (x: i16) : i16 = x + 1
entry inc_u16 (x: u16) : u16 = x + 1
entry mul_i16 (a: i16) (b: i16) : i16 = a * b
