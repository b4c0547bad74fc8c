-- Record type mismatch: argument record has an extra field `z`.
-- ==
-- error: Unshared fields: z

def norm2 (v: {x: f32, y: f32}) : f32 = v.x*v.x + v.y*v.y

def n = norm2 {x = 1, y = 2, z = 3}
