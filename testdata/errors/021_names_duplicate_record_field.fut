-- Duplicate record field: `x` appears twice in a record literal.
-- ==
-- error: Field "x" previously defined

def translate (p: {x: f32, y: f32}) (dx: f32) =
  {x = p.x + dx, y = p.y, x = p.x}
