-- Function applied to too many arguments: `length` takes one argument.
-- ==
-- error: Cannot apply "length" to argument #2

def sizes (xs: []i32) (ys: []i32) : i64 = length xs ys
