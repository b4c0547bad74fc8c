-- A top-level i64 constant is a size wherever it is in scope, and the
-- anonymous size of a coercion's type is the size of the coerced value:
-- neither makes an entry point's result size-polymorphic.
def width = 4i64

def row (x: f32) : [width]f32 = replicate width x

def wrap f = f {cells = replicate width 0f32}

entry blank = wrap id

entry nest [n] (a: [n][3]u8) : [][n][3]u8 = [a, a] :> [][n][3]u8
