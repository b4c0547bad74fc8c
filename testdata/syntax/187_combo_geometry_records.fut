-- Geometry with nested records: punned lambdas, nested updates, projections and unit.

type vec2 = {x: f32, y: f32}
type segment = {a: vec2, b: vec2}
type shape = {seg: segment, tag: (i32, (bool, u8))}

def length' ({a, b}: segment) : f32 = f32.sqrt ((b.x - a.x) ** 2.0 + (b.y - a.y) ** 2.0)

-- | Translate a segment by moving both endpoints (nested field updates).
def translate (s: segment) (d: vec2) : segment =
  s with a.x = s.a.x + d.x
    with a.y = s.a.y + d.y
    with b = {x = s.b.x + d.x, y = s.b.y + d.y}

-- | Midpoints via a record-pattern lambda.
def midpoints (ss: []segment) : []vec2 =
  map (\{a, b} -> {x = (a.x + b.x) / 2.0, y = (a.y + b.y) / 2.0}) ss

-- | Deep tuple projection inside a record field.
def tag_byte (s: shape) : u8 = s.tag.1.1

def flagged (ss: []shape) : []bool = map (.tag.1.0) ss

-- | A unit-returning helper used to document an ignored result.
def ignore 'a (_: a) : () = ()

entry main (x: f32) (y: f32) : (f32, f32, f32) =
  let s : segment = {a = {x = 0.0, y = 0.0}, b = {x, y}}
  let t = translate s {x = 1.0, y = 1.0}
  let () = ignore t
  in (length' t, (midpoints [s, t])[1].x, t.a.y)

entry tags (n: i32) : (u8, []bool) =
  let sh : shape = {seg = {a = {x = 0.0, y = 0.0}, b = {x = 1.0, y = 1.0}}, tag = (n, (n > 0, 'z'))}
  in (tag_byte sh, flagged [sh, sh with tag.1.0 = false])
