-- Use after consume: returning both the updated array and the old one.
-- ==
-- error: Using variable "xs", but this was consumed

def set_first (xs: *[]f32) (v: f32) =
  let ys = xs with [0] = v
  in (ys, xs)
