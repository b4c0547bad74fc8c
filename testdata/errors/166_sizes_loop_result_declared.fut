-- Loop parameter changing size: the loop result has an unknown size, not the declared n.
-- ==
-- error: Sizes "n" and "[^[:space:]]+" do not match

def halve_repeatedly [n] (xs: [n]f32) : [n]f32 =
  loop acc = xs for _i < 2 do
    acc[0:length acc / 2]
