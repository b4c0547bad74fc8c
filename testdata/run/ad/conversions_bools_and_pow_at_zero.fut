-- description: derivatives where Futhark defines them by rule: the tangent of a
-- conversion (also float to integer) or a bit cast is the tangent converted or
-- cast the same way; a boolean's tangent passes `!` as `x && dx` and its
-- adjoint is always false; `x ** y` has partial derivative 0 in `x` where `y`
-- is 0 and 0 in `y` where `x` is 0.
-- ==
-- entry: to_int
-- input { 2.5f64 } output { 3i64 4.0f64 }

-- ==
-- entry: bits
-- input { 3f32 } output { 1073741824u32 0.5f32 }

-- ==
-- entry: negate
-- input { true } output { true false }
-- input { false } output { false false }

-- ==
-- entry: branch
-- input { true 3.0 } output { false 6.0 }
-- input { false 3.0 } output { false 1.0 }

-- ==
-- entry: pow_fwd
-- input { 0.0 1.0 } output { 1.0 }
-- input { 0.0 0.0 } output { 0.0 }
-- input { 2.0 3.0 } output { 17.545177444479562 }

-- ==
-- entry: pow_rev
-- input { 0.0 1.0 } output { 1.0 0.0 }
-- input { 0.0 0.0 } output { 0.0 0.0 }
-- input { 0.0 2.0 } output { 0.0 0.0 }

entry to_int (x: f64) = (jvp i64.f64 x 3.5, vjp i64.f64 x 4)

entry bits (x: f32) =
  ( jvp f32.to_bits x 2
  , jvp f32.from_bits 0x40000000 0x3f000000
  )

entry negate (b: bool) = (jvp (\x -> !x) b true, jvp (\x -> !x) b false)

entry branch (b: bool) (x: f64) =
  let (db, dx) = vjp (\(b, x) -> if b then x * x else x) (b, x) 1
  in (db, dx)

entry pow_fwd (x: f64) (y: f64) : f64 = jvp (\(x, y) -> x ** y) (x, y) (1, 1)

entry pow_rev (x: f64) (y: f64) = vjp (\(x, y) -> x ** y) (x, y) 1
