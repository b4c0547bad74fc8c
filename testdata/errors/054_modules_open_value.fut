-- `open` of a non-module: `limits` is a value, not a module.
-- ==
-- error: Unknown name "limits"

def limits = (0i32, 255i32)

open limits

def clamp (x: i32) = i32.max 0 (i32.min 255 x)
