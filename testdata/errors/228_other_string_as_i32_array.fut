-- String literal is a u8 array, not an i32 array.
-- ==
-- error: Actual:[[:space:]]+\[5\]u8

def greeting : []i32 = "hello"

def n = length greeting
