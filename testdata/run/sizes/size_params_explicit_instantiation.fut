-- description: a size-polymorphic function whose size is only determined by the expected result type.
-- ==
-- input { 4i64 } output { [0, 0, 0, 0] }

def zeros [n] : [n]i32 = replicate n 0

def main (n: i64) : [n]i32 = zeros
