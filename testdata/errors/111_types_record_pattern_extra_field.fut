-- Record pattern with an extra field `alpha` the record lacks.
-- ==
-- error: Unshared fields: alpha

type rgb = {r: f32, g: f32, b: f32}

def grey (c: rgb) : f32 =
  let {r, g, b, alpha} = c
  in (r + g + b) / 3 * alpha
