-- Mapping a function whose result size is its own (size) parameter: the
-- element type of the result would name that parameter.
-- ==
-- error: anonymous sizes

def zeros (len: i64) : [len]f32 = replicate len 0

def rows (lens: []i64) = map zeros lens
