-- Passing an array and a slice of it, with the array consumed.
-- ==
-- error: Argument is consumed, but aliases

def put (dst: *[]i32) (v: []i32) : *[]i32 =
  dst with [0] = v[0]

def shift (xs: *[]i32) : *[]i32 =
  put xs xs[1:]
