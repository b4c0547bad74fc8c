-- Typed holes ??? in positions with array and function types (second of two files).

-- | A hole standing in for an array of known size.
def placeholder (n: i64) : [n]f32 = ???

-- | A hole used as a function, applied to an argument.
def mystery (x: i32) : bool = (??? : i32 -> bool) x

entry main (n: i64) : [n]f32 = placeholder n
