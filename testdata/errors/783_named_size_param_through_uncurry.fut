-- error: Existential size would appear in function parameter of return type
-- Passing a function whose parameter names a size to a higher-order
-- function that returns a function taking the array first: the size
-- would be needed before the argument that gives it.
def weigh (k: i64) (ws: [k]f32) = f32.sum ws
def swapped = flip weigh
