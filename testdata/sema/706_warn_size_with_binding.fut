-- A size argument that binds a name inside it is accepted; its size becomes unknown, with a warning.
-- ==
-- warning: with binding

def padded (k: i64) : []f32 =
  replicate (let twice = k * 2 in twice + 1) 0f32

def head_part (xs: []i32) (k: i64) : []i32 =
  xs[:let half = k / 2 in half]
