-- Consuming a non-unique parameter by passing it to a function that takes `*`.
-- ==
-- error: Consuming variable "xs", which is not consumable

def zero_first (xs: *[]i32) : *[]i32 = xs with [0] = 0

def normalise (xs: []i32) : []i32 =
  zero_first xs
