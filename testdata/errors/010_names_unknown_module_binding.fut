-- Unknown module: the module binding aliases a module that does not exist.
-- ==
-- error: Unknown name "Sorting"

module S = Sorting

def smallest (xs: []i32) : i32 = i32.minimum xs
