-- A loop parameter without a fixed size may change its size each iteration.

def repeat_double (xs: []i32) (times: i64) : []i32 =
  loop acc = xs for _i < times do acc ++ acc

def shrink (xs: []f32) : []f32 =
  loop acc = xs while length acc > 4 do acc[0:length acc / 2]
