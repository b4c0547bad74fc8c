-- Duplicate constructor: `#leaf` occurs twice in the sum type.
-- ==
-- error: Duplicate constructors

type tree = #leaf i32 | #node i32 i32 | #leaf f32

def weight (t: tree) : i32 = 0
