-- Comparing two arrays with `==` is still accepted, but deprecated (a warning).
-- ==
-- warning: deprecated

def same_rows (a: [3]f32) (b: [3]f32) : bool = a == b
