-- description: jvp and vjp on tuples and records, as points, results, tangents and adjoints.
-- ==
-- entry: record_result
-- input { 3.0f64 4.0f64 } output { 6.0f64 1.0f64 }

-- ==
-- entry: tuple_result
-- input { 3.0f64 4.0f64 } output { 4.0f64 3.0f64 1.0f64 1.0f64 }

-- ==
-- entry: directional
-- input { 3.0f64 4.0f64 } output { 4.0f64 3.0f64 10.0f64 }

-- ==
-- entry: record_point
-- input { 2.0f64 5.0f64 } output { 4.0f64 3.0f64 }

-- f (a, b) = {s = a b, d = a - b} with the adjoint {s = 1, d = 2}:
-- (1 * b + 2, 1 * a - 2).
entry record_result (a: f64) (b: f64) =
  vjp (\(x, y) -> {s = x * y, d = x - y}) (a, b) {s = 1, d = 2}

-- f (a, b) = (a b, a + b): adjoint (1, 0) gives (b, a), (0, 1) gives (1, 1).
entry tuple_result (a: f64) (b: f64) =
  let f (x: f64, y: f64) = (x * y, x + y)
  let (ga, gb) = vjp f (a, b) (1, 0)
  let (ha, hb) = vjp f (a, b) (0, 1)
  in (ga, gb, ha, hb)

-- The derivative of a * b along (1, 0), (0, 1) and (1, 2).
entry directional (a: f64) (b: f64) =
  let f (x: f64, y: f64) = x * y
  in (jvp f (a, b) (1, 0), jvp f (a, b) (0, 1), jvp f (a, b) (1, 2))

-- The gradient of x^2 + 3y at a record point.
entry record_point (x: f64) (y: f64) =
  let g = vjp (\(p: {x: f64, y: f64}) -> p.x * p.x + 3 * p.y) {x, y} 1
  in (g.x, g.y)
