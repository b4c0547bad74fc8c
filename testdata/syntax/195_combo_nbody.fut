-- A small N-body simulation with records, power operators and record updates.

type vec3 = {x: f64, y: f64, z: f64}
type body = {pos: vec3, vel: vec3, mass: f64}

def vadd (a: vec3) (b: vec3) : vec3 = {x = a.x + b.x, y = a.y + b.y, z = a.z + b.z}
def vsub (a: vec3) (b: vec3) : vec3 = {x = a.x - b.x, y = a.y - b.y, z = a.z - b.z}
def vscale (k: f64) (a: vec3) : vec3 = {x = k * a.x, y = k * a.y, z = k * a.z}
def vzero : vec3 = {x = 0.0, y = 0.0, z = 0.0}

-- | Softened gravitational acceleration exerted on `a` by `b`.
def accel (eps: f64) (a: body) (b: body) : vec3 =
  let d = vsub b.pos a.pos
  let r2 = d.x ** 2.0 + d.y ** 2.0 + d.z ** 2.0 + eps ** 2.0
  in vscale (b.mass / (r2 ** 1.5)) d

-- | Advance all bodies by one time step.
def step [n] (dt: f64) (bs: [n]body) : [n]body =
  let accs = map (\a -> reduce vadd vzero (map (accel 1e-3 a) bs)) bs
  in map2 (\(b: body) acc ->
             let vel = vadd b.vel (vscale dt acc)
             in b with vel = vel with pos = vadd b.pos (vscale dt vel))
          bs accs

-- | Total kinetic energy.
def kinetic (bs: []body) : f64 =
  f64.sum (map (\b -> 0.5 * b.mass * (b.vel.x ** 2.0 + b.vel.y ** 2.0 + b.vel.z ** 2.0)) bs)

entry main [n] (steps: i32) (xs: [n]f64) (ys: [n]f64) (ms: [n]f64) : ([n]f64, [n]f64, f64) =
  let bodies = map3 (\x y m -> {pos = {x, y, z = 0.0}, vel = vzero, mass = m}) xs ys ms
  let final = loop bodies for _i < steps do step 0.01 bodies
  in (map (.pos.x) final, map (.pos.y) final, kinetic final)
