-- Entry points that accept and return records and sum types (opaque to callers).

type particle = {pos: [3]f32, vel: [3]f32}

type status = #ok | #error i32

-- | Create a particle at rest.
entry make_particle (x: f32) (y: f32) (z: f32) : particle =
  {pos = [x, y, z], vel = [0.0, 0.0, 0.0]}

-- | Advance a particle by one time step.
entry step (dt: f32) (p: particle) : particle =
  p with pos = map2 (\x v -> x + v * dt) p.pos p.vel

-- | Read a particle back out as plain arrays.
entry position (p: particle) : [3]f32 = p.pos

entry check (x: i32) : status = if x >= 0 then #ok else #error x

entry is_ok (s: status) : bool = match s case #ok -> true case #error _ -> false
