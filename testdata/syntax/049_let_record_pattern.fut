-- Record patterns in let bindings: punned fields, renamed fields, nesting.

type config = {width: i64, height: i64, scale: f32}

def area (c: config) : i64 =
  let {width, height, scale = _} = c
  in width * height

def scaled_dims (c: config) : (f32, f32) =
  let {width = w, height = h, scale} = c
  in (f32.i64 w * scale, f32.i64 h * scale)

-- | A nested record pattern with a typed field.
def corner (r: {origin: {x: f32, y: f32}, size: f32}) : f32 =
  let {origin = {x, y: f32}, size} = r
  in x + y + size

entry main (w: i64) (h: i64) (s: f32) : (i64, (f32, f32), f32) =
  let c = {width = w, height = h, scale = s}
  in (area c, scaled_dims c, corner {origin = {x = s, y = s}, size = 1.0})
