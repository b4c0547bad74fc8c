-- Unknown size parameter: `m` is used in the parameter type but never declared.
-- ==
-- error: Unknown name "m"

def rows [n] (xss: [n][m]f32) : i64 = n
