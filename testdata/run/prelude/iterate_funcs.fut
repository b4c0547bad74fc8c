-- description: iterate applies a function n times; iterate_while while a predicate holds.
-- ==
-- entry: doubling
-- input { 5 1 } output { 32 }
-- input { 0 7 } output { 7 }

-- ==
-- entry: collatz_steps
-- input { 6 } output { 8 }
-- input { 1 } output { 0 }

entry doubling (n: i32) (x: i32) = iterate n (* 2) x

entry collatz_steps (x: i32) =
  let (_, steps) =
    iterate_while (\(v, _) -> v != 1)
                  (\(v, s) -> (if v % 2 == 0 then v / 2 else 3 * v + 1, s + 1))
                  (x, 0)
  in steps
