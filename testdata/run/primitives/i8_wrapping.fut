-- description: i8 arithmetic wraps around on overflow (two's complement).
-- ==
-- entry: add_i8
-- input { 127i8 1i8 } output { -128i8 }
-- input { -128i8 -1i8 } output { 127i8 }
-- input { 100i8 100i8 } output { -56i8 }

-- ==
-- entry: square_i8
-- input { -128i8 } output { 0i8 }
-- input { 16i8 } output { 0i8 }
-- input { 11i8 } output { 121i8 }
-- input { 12i8 } output { -112i8 }

-- ==
-- entry: negate_i8
-- input { -128i8 } output { -128i8 }
-- input { 5i8 } output { -5i8 }

entry add_i8 (a: i8) (b: i8) : i8 = a + b

-- Squaring -128 gives 16384, whose low byte is 0.
entry square_i8 (a: i8) : i8 = a * a

-- Negating the lowest i8 gives itself back.
entry negate_i8 (a: i8) : i8 = -a
