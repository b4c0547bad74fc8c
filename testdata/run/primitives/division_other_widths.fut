-- description: signed division and modulo on i8 and i64, including the lowest value.
-- ==
-- entry: div_i8
-- input { -128i8 -1i8 } output { -128i8 0i8 }
-- input { -100i8 7i8 } output { -15i8 5i8 }

-- ==
-- entry: quot_i64
-- input { -100i64 7i64 } output { -14i64 -2i64 }
-- input { 9223372036854775807i64 10i64 } output { 922337203685477580i64 7i64 }

entry div_i8 (a: i8) (b: i8) = (a / b, a % b)
entry quot_i64 (a: i64) (b: i64) = (a // b, a %% b)
