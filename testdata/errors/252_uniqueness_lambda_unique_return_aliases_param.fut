-- A lambda declaring a unique result returns its non-unique parameter `ys` unchanged.
-- ==
-- error: Unique-typed return value is aliased to "ys", which is not consumable

def main (xs: []f32) : []f32 =
  let f = \(scale: f32, ys: []f32) : *[]f32 -> if scale == 1 then ys else map (* scale) ys
  in f (2, xs)
