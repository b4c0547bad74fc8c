-- description: boolean operators &&, || and `!`, and short-circuiting that avoids a division by zero.
-- ==
-- entry: logic
-- input { true false } output { false true true false }
-- input { true true } output { true true false false }

-- ==
-- entry: safe_divides
-- input { 0 5 } output { false }
-- input { 3 9 } output { true }
-- input { 3 10 } output { false }

entry logic (a: bool) (b: bool) = (a && b, a || b, !b, a != a)

-- The right operand of && is not evaluated when the left is false.
entry safe_divides (d: i32) (n: i32) = d != 0 && n % d == 0
