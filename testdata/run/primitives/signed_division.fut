-- description: `/` and `%` round towards negative infinity for signed integers; `//` and `%%` truncate towards zero.
-- ==
-- entry: div_mod
-- input { 7 2 } output { 3 1 }
-- input { -7 2 } output { -4 1 }
-- input { 7 -2 } output { -4 -1 }
-- input { -7 -2 } output { 3 -1 }

-- ==
-- entry: quot_rem
-- input { 7 2 } output { 3 1 }
-- input { -7 2 } output { -3 -1 }
-- input { 7 -2 } output { -3 1 }
-- input { -7 -2 } output { 3 -1 }

entry div_mod (a: i32) (b: i32) = (a / b, a % b)
entry quot_rem (a: i32) (b: i32) = (a // b, a %% b)
