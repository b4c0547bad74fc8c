-- One step of an all-pairs n-body simulation in three dimensions: the
-- acceleration of every body from every other, then positions and
-- velocities advanced.
-- ==
-- input { [0f32, 1f32] [0f32, 0f32] [0f32, 0f32] [1f32, 1f32] [0f32, 0f32] [0f32, 0f32] [0f32, 0f32] }
-- output { [9.9850186e-5f32, 0.99990016f32] [0f32, 0f32] [0f32, 0f32] [9.9850185e-3f32, -9.9850185e-3f32] [0f32, 0f32] [0f32, 0f32] }
-- random input { [64]f32 [64]f32 [64]f32 [64]f32 [64]f32 [64]f32 [64]f32 }
-- notest random input { [10000]f32 [10000]f32 [10000]f32 [10000]f32 [10000]f32 [10000]f32 [10000]f32 }
-- notest random input { [50000]f32 [50000]f32 [50000]f32 [50000]f32 [50000]f32 [50000]f32 [50000]f32 }

def softening : f32 = 0.001
def dt : f32 = 0.01

def accel (xi: f32) (yi: f32) (zi: f32) (xj: f32) (yj: f32) (zj: f32) (mj: f32) : (f32, f32, f32) =
  let (dx, dy, dz) = (xj - xi, yj - yi, zj - zi)
  let d2 = dx * dx + dy * dy + dz * dz + softening
  let inv = 1 / f32.sqrt d2
  let s = mj * inv * inv * inv
  in (dx * s, dy * s, dz * s)

entry main [n] (xs: [n]f32) (ys: [n]f32) (zs: [n]f32) (ms: [n]f32)
               (vxs: [n]f32) (vys: [n]f32) (vzs: [n]f32) =
  let (axs, ays, azs) =
    unzip3 (map3 (\xi yi zi ->
                    reduce (\(a, b, c) (d, e, f) -> (a + d, b + e, c + f)) (0, 0, 0)
                           (map4 (accel xi yi zi) xs ys zs ms))
                 xs ys zs)
  let vxs' = map2 (\v a -> v + a * dt) vxs axs
  let vys' = map2 (\v a -> v + a * dt) vys ays
  let vzs' = map2 (\v a -> v + a * dt) vzs azs
  in ( map2 (\x v -> x + v * dt) xs vxs'
     , map2 (\y v -> y + v * dt) ys vys'
     , map2 (\z v -> z + v * dt) zs vzs'
     , vxs', vys', vzs' )
