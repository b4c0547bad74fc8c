-- Nested record updates with 'with', chained and inside loops.

type vec = {x: f32, y: f32}
type camera = {eye: vec, look: vec, zoom: f32}

def pan (c: camera) (dx: f32) : camera =
  c with eye.x = c.eye.x + dx
    with look.x = c.look.x + dx

def zoom_in (c: camera) : camera = c with zoom = c.zoom * 1.1

-- | Repeatedly update a nested field inside a loop.
def drift (c: camera) (n: i32) : camera =
  loop c for _i < n do c with eye.y = c.eye.y + 0.5

entry main (x: f32) : (f32, f32, f32) =
  let c : camera = {eye = {x, y = 0.0}, look = {x = 0.0, y = 1.0}, zoom = 1.0}
  let c' = drift (zoom_in (pan c 2.0)) 4
  in (c'.eye.x, c'.eye.y, c'.zoom)
