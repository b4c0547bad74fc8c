-- Loops whose state is a record, updated with 'with' and record literals.

type state = {pos: f32, vel: f32, time: f32}

-- | Simple Euler integration of a falling object.
def simulate (steps: i32) (dt: f32) : state =
  let init : state = {pos = 100.0, vel = 0.0, time = 0.0}
  in loop s = init for _i < steps do
       let vel = s.vel - 9.81 * dt
       in s with pos = s.pos + vel * dt
            with vel = vel
            with time = s.time + dt

-- | Record state with punned construction inside a while loop.
def bounces (h: f32) : i32 =
  let (r: {height: f32, count: i32}) =
    loop r = {height = h, count = 0} while r.height > 0.01 do
      let height = r.height * 0.5
      let count = r.count + 1
      in {height, count}
  in r.count

entry main (steps: i32) : (f32, f32, f32) =
  let s = simulate steps 0.01
  in (s.pos, s.vel, s.time)

entry bounce (h: f32) : i32 = bounces h
