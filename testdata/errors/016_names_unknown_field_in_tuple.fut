-- Unknown field: tuples only have numeric fields 0 and 1; `.2` is out of range.
-- ==
-- error: Attempt to access field "2"

def third (p: (i32, f32)) : f32 =
  let x = p.1
  in x + f32.i32 p.2
