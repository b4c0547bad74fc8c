-- Functional record updates: r with a = 1 and nested r with a.b = 2.

type vec = {x: f32, y: f32}
type body = {pos: vec, vel: vec, mass: f32}

def move (b: body) (dt: f32) : body =
  b with pos = {x = b.pos.x + b.vel.x * dt, y = b.pos.y + b.vel.y * dt}

-- | Nested field update.
def bounce (b: body) : body = b with vel.y = -b.vel.y

def heavier (b: body) : body = b with mass = b.mass * 2.0

-- | Updating a tuple field by number.
def bump_second (t: (i32, i32, i32)) : (i32, i32, i32) = t with 1 = t.1 + 1

entry main (x: f32) (y: f32) : (f32, f32, f32) =
  let b : body = {pos = {x, y}, vel = {x = 1.0, y = -1.0}, mass = 1.0}
  let b' = b |> bounce |> heavier |> (`move` 0.5)
  in (b'.pos.x, b'.pos.y, b'.mass)

entry tuple (a: i32) : (i32, i32, i32) = bump_second (a, a, a)
