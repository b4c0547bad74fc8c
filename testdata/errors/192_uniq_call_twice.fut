-- Consumption through function calls: the same array is consumed by two calls.
-- ==
-- error: Using variable "buf", but this was consumed

def sort_in_place (xs: *[]i32) : *[]i32 = xs

def both (buf: *[]i32) =
  let a = sort_in_place buf
  let b = sort_in_place buf
  in (a, b)
