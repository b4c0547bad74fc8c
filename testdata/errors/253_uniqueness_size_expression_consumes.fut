-- The size expression in the type of parameter `ws` calls a consuming function on parameter `counts`.
-- ==
-- error: Consuming variable "counts", which is not consumable

def total (cs: *[]i64) : i64 = i64.sum cs

def weigh (counts: *[]i64) (ws: [total counts]f32) : f32 = f32.sum ws
