-- description: integer division and modulo by zero are run-time errors (the interpreter reports the failing operator application).
-- ==
-- entry: divide
-- input { 7 0 } error: division by zero|Cannot apply operator
-- input { 7 2 } output { 3 }

-- ==
-- entry: modulo
-- input { 7 0 } error: division by zero|Cannot apply operator

-- ==
-- entry: quotient
-- input { 7i64 0i64 } error: division by zero|Cannot apply operator

-- ==
-- entry: remainder_u8
-- input { 7u8 0u8 } error: division by zero|Cannot apply operator

entry divide (a: i32) (b: i32) = a / b
entry modulo (a: i32) (b: i32) = a % b
entry quotient (a: i64) (b: i64) = a // b
entry remainder_u8 (a: u8) (b: u8) = a %% b
