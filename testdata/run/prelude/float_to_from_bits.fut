-- description: to_bits and from_bits reinterpret IEEE 754 representations.
-- ==
-- entry: bits32
-- input { 1.0f32 } output { 1065353216u32 }
-- input { -0.0f32 } output { 2147483648u32 }

-- ==
-- entry: bits64
-- input { 2.0 } output { 4611686018427387904u64 }

-- ==
-- entry: from32
-- input { 1078530011u32 } output { 3.1415927f32 }

-- ==
-- entry: roundtrip
-- input { [1.5, -2.25, 1e-300] } output { [1.5, -2.25, 1e-300] }

entry bits32 (x: f32) = f32.to_bits x
entry bits64 (x: f64) = f64.to_bits x
entry from32 (b: u32) = f32.from_bits b
entry roundtrip (xs: []f64) = map (f64.to_bits >-> f64.from_bits) xs
