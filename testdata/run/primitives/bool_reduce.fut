-- description: booleans as array elements: counting true values and xor-reduction via `!=`.
-- ==
-- entry: count_and_parity
-- input { [true, false, true, true] } output { 3 true }
-- input { empty([0]bool) } output { 0 false }

entry count_and_parity (bs: []bool) =
  (reduce (+) 0 (map i32.bool bs), reduce (!=) false bs)
