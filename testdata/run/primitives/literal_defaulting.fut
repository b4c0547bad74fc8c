-- description: unannotated literals take their type from context; otherwise i32 / f64.
-- ==
-- entry: from_context
-- input { 5u16 } output { 15u16 }
-- input { 65535u16 } output { 9u16 }

-- ==
-- entry: float_context
-- input { 2.0f32 } output { 3.5f32 }

-- ==
-- entry: defaults
-- input { } output { 7 2.5 }

entry from_context (x: u16) = x + 10

entry float_context (x: f32) = x + 1.5

entry defaults = (3 + 4, 1.0 + 1.5)
