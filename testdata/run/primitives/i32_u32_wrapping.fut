-- description: 32-bit integer overflow wraps.
-- ==
-- entry: add_i32
-- input { 2147483647 1 } output { -2147483648 }
-- input { -2147483648 -1 } output { 2147483647 }
-- input { 1000000000 2000000000 } output { -1294967296 }

-- ==
-- entry: add_u32
-- input { 4294967295u32 1u32 } output { 0u32 }
-- input { 3000000000u32 3000000000u32 } output { 1705032704u32 }

-- ==
-- entry: mul_i32
-- input { 65536 65536 } output { 0 }
-- input { 46341 46341 } output { -2147479015 }

entry add_i32 (a: i32) (b: i32) : i32 = a + b
entry add_u32 (a: u32) (b: u32) : u32 = a + b
entry mul_i32 (a: i32) (b: i32) : i32 = a * b
