-- Field access r.x, nested r.a.b, and access on parenthesised expressions.

type vec3 = {x: f32, y: f32, z: f32}
type ray = {origin: vec3, dir: vec3}

def dot (a: vec3) (b: vec3) : f32 = a.x * b.x + a.y * b.y + a.z * b.z

-- | Doubly nested field access.
def origin_height (r: ray) : f32 = r.origin.y

-- | Field access on the result of a function call.
def dir_len (r: ray) : f32 = f32.sqrt (dot r.dir r.dir)

def point_at (r: ray) (t: f32) : vec3 =
  {x = r.origin.x + t * r.dir.x, y = r.origin.y + t * r.dir.y, z = r.origin.z + t * r.dir.z}

entry main (t: f32) : (f32, f32, f32) =
  let v = {x = 1.0, y = 2.0, z = 3.0}
  let r : ray = {origin = v, dir = v}
  in (origin_height r, dir_len r, (point_at r t).z)
