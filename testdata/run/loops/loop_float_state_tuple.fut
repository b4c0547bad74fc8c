-- description: a simple physics integration (position, velocity) over fixed steps.
-- ==
-- input { 4 0.5 } output { -15.0 -20.0 }
-- input { 0 0.5 } output { 0.0 0.0 }

-- Euler steps under gravity -10 starting from rest at height 0.
def main (steps: i32) (dt: f64) =
  loop (p, v) = (0f64, 0f64) for _i < steps do (p + v * dt, v - 10 * dt)
