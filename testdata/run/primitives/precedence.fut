-- description: operator precedence and associativity of arithmetic, bitwise and comparison operators.
-- ==
-- entry: prec
-- input { 2 3 4 } output { 14 20 -5 2 true 2 4096 }

entry prec (a: i32) (b: i32) (c: i32) =
  ( a + b * c        -- 2 + 12
  , (a + b) * c      -- 20
  , a - b - c        -- left associative: (2-3)-4
  , a | b & c ^ a    -- &, ^ and | share one level, left associative: ((2|3)&4)^2
  , a + 1 == b && c > a
  , 1 << 3 >> 2      -- left associative: (1<<3)>>2
  , a ** b ** c      -- ** is left associative too: (2**3)**4
  )
