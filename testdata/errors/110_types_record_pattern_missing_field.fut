-- Record pattern missing a field: the pattern omits `z`.
-- ==
-- error: Unshared fields: z

type v3 = {x: f32, y: f32, z: f32}

def sum_xy (v: v3) : f32 =
  let {x, y} = v
  in x + y
