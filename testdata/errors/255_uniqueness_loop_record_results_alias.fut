-- Both unique fields of the loop parameter record get the same array back from the body.
-- ==
-- error: Return value for loop parameter "back" aliases other consumed loop parameter.*loop-parameter-aliases-other

def swap_buffers (n: i64) (steps: i64) =
  loop {front = front: *[]f32, back = back: *[]f32} = {front = replicate n 0, back = replicate n 1}
  for _i < steps do
    {front = back, back = back}
