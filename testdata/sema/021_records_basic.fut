-- Records: construction, field access, field punning and functional update.

type particle = {pos: (f32, f32), vel: (f32, f32), mass: f32}

def step (dt: f32) (p: particle) : particle =
  let (x, y) = p.pos
  let (vx, vy) = p.vel
  in p with pos = (x + vx * dt, y + vy * dt)

def heavy (mass: f32) : particle = {pos = (0, 0), vel = (0, 0), mass}

def kinetic (p: particle) : f32 =
  let {pos = _, vel = (vx, vy), mass} = p
  in 0.5 * mass * (vx * vx + vy * vy)
